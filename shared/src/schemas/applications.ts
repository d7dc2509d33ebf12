import { z } from 'zod';
import { CvSchema } from './cv.ts';
import { APPLICATION_STATES } from '../job-rules.ts';

const BilingualSchema = z.object({ en: z.string(), mn: z.string() });

/** One of the signed-in user's applications, for "My applications" and the jobs' Applied badges. */
export const MyApplicationSchema = z.object({
  id: z.string(),
  jobId: z.string().nullable(),
  jobTitle: BilingualSchema,
  company: z.string(),
  state: z.enum(APPLICATION_STATES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MyApplication = z.infer<typeof MyApplicationSchema>;

export const MyApplicationsResponseSchema = z.object({ items: z.array(MyApplicationSchema) });
export type MyApplicationsResponse = z.infer<typeof MyApplicationsResponseSchema>;

/** GET /api/admin/applications (and its CSV): filters by job and state, search by name or skill. */
export const AdminApplicationsQuerySchema = z.object({
  jobId: z.uuid().optional(),
  state: z.enum(APPLICATION_STATES).optional(),
  /** Sent from / to, days on the agency's calendar (YYYY-MM-DD). */
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminApplicationsQuery = z.infer<typeof AdminApplicationsQuerySchema>;

export const AdminApplicationListItemSchema = z.object({
  id: z.string(),
  jobId: z.string().nullable(),
  jobTitle: BilingualSchema,
  company: z.string(),
  applicant: z.object({ name: z.string(), email: z.string(), title: z.string() }),
  skills: z.array(z.string()),
  state: z.enum(APPLICATION_STATES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminApplicationListItem = z.infer<typeof AdminApplicationListItemSchema>;

export const AdminApplicationsResponseSchema = z.object({
  items: z.array(AdminApplicationListItemSchema),
  total: z.number().int(),
});
export type AdminApplicationsResponse = z.infer<typeof AdminApplicationsResponseSchema>;

export const AdminApplicationDetailSchema = AdminApplicationListItemSchema.extend({ cv: CvSchema });
export type AdminApplicationDetail = z.infer<typeof AdminApplicationDetailSchema>;

/** One application's new state, or many at once (bulk). */
export const SetApplicationStateRequestSchema = z.object({ state: z.enum(APPLICATION_STATES) });
export const BulkApplicationStateRequestSchema = z.object({
  ids: z.array(z.uuid()).min(1).max(200),
  state: z.enum(APPLICATION_STATES),
});
export const BulkApplicationStateResponseSchema = z.object({ updated: z.number().int() });
