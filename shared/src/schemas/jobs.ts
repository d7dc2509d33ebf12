import { z } from 'zod';
import { ADMIN_JOB_SORTS, JOB_STATUSES, JOB_TYPES, JOBS_PAGE_SIZE, JOBS_PAGE_SIZE_MAX } from '../job-rules.ts';
import { BilingualSchema } from './trips.ts';

export * from '../job-rules.ts';

const inOneLanguageAtLeast = (value: { en: string; mn: string }) => value.en !== '' || value.mn !== '';

const BilingualTitleSchema = z
  .object({ en: z.string().trim().max(200), mn: z.string().trim().max(200) })
  .refine(inOneLanguageAtLeast, { message: 'required in at least one language', path: ['en'] });

const skill = z.string().trim().min(1).max(60);

/** A job's skills in each language (either list may be empty: the other stands in for it). */
export const JobSkillsSchema = z.object({ en: z.array(skill).max(30), mn: z.array(skill).max(30) });

/** Lists written one item per line, in both languages. */
const BilingualListSchema = z.object({ en: z.string().trim().max(5000), mn: z.string().trim().max(5000) });

/** What an admin writes: every field of a job except its materials and bookkeeping. */
export const JobInputSchema = z.object({
  title: BilingualTitleSchema,
  description: BilingualSchema.refine(inOneLanguageAtLeast, {
    message: 'required in at least one language',
    path: ['en'],
  }),
  company: z.string().trim().min(1).max(200),
  location: BilingualTitleSchema,
  type: z.enum(JOB_TYPES),
  requirements: BilingualListSchema,
  responsibilities: BilingualListSchema,
  benefits: BilingualListSchema,
  skills: JobSkillsSchema,
  /** The last day to apply (the agency's calendar day, YYYY-MM-DD). */
  deadline: z.iso.date().refine((date) => date >= '2000-01-01' && date <= '2999-12-31', 'not a plausible date'),
  status: z.enum(JOB_STATUSES),
});
export type JobInput = z.infer<typeof JobInputSchema>;

/** GET /api/jobs: published jobs whose deadline has not passed. */
export const JobsQuerySchema = z.object({
  q: z.string().trim().min(1).max(100).optional(),
  type: z.enum(JOB_TYPES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(JOBS_PAGE_SIZE_MAX).default(JOBS_PAGE_SIZE),
});
export type JobsQuery = z.infer<typeof JobsQuerySchema>;

export const JobMaterialSchema = z.object({
  id: z.string(),
  /** The file's name as the employer gave it. */
  name: z.string(),
  url: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});
export type JobMaterial = z.infer<typeof JobMaterialSchema>;

export const JobListItemSchema = z.object({
  id: z.string(),
  title: BilingualSchema,
  company: z.string(),
  location: BilingualSchema,
  type: z.enum(JOB_TYPES),
  /** The description's opening, for the list. */
  summary: BilingualSchema,
  skills: z.object({ en: z.array(z.string()), mn: z.array(z.string()) }),
  deadline: z.string(),
  postedAt: z.string().nullable(),
});
export type JobListItem = z.infer<typeof JobListItemSchema>;

export const JobsResponseSchema = z.object({
  items: z.array(JobListItemSchema),
  /** Exact up to JOBS_TOTAL_CAP; when more jobs match, JOBS_TOTAL_CAP with totalCapped true. */
  total: z.number().int(),
  totalCapped: z.boolean(),
});
export type JobsResponse = z.infer<typeof JobsResponseSchema>;

export const JobDetailSchema = JobInputSchema.extend({
  id: z.string(),
  title: BilingualSchema,
  location: BilingualSchema,
  materials: z.array(JobMaterialSchema),
  postedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type JobDetail = z.infer<typeof JobDetailSchema>;

/** GET /api/jobs/:id: a job's public page, and whether it takes applications on the agency's today. */
export const PublicJobDetailSchema = JobDetailSchema.extend({ takingApplications: z.boolean() });
export type PublicJobDetail = z.infer<typeof PublicJobDetailSchema>;

/** GET /api/admin/jobs: every job, drafts and closed ones included. */
export const AdminJobsQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  status: z.enum(JOB_STATUSES).optional(),
  /** '1': only jobs taking applications today (published, deadline not passed on the agency's calendar). */
  open: z.enum(['1']).optional(),
  type: z.enum(JOB_TYPES).optional(),
  sort: z.enum(ADMIN_JOB_SORTS).default('newest'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminJobsQuery = z.infer<typeof AdminJobsQuerySchema>;

export const AdminJobListItemSchema = z.object({
  id: z.string(),
  title: BilingualSchema,
  company: z.string(),
  location: BilingualSchema,
  type: z.enum(JOB_TYPES),
  status: z.enum(JOB_STATUSES),
  deadline: z.string(),
  postedAt: z.string().nullable(),
  applications: z.number().int(),
  updatedAt: z.string(),
});
export type AdminJobListItem = z.infer<typeof AdminJobListItemSchema>;

export const AdminJobsResponseSchema = z.object({ items: z.array(AdminJobListItemSchema), total: z.number().int() });
export type AdminJobsResponse = z.infer<typeof AdminJobsResponseSchema>;

export const SetJobStatusRequestSchema = z.object({ status: z.enum(JOB_STATUSES) });
