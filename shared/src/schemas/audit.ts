import { z } from 'zod';
import { AUDIT_ENTITIES } from '../audit-rules.ts';

export * from '../audit-rules.ts';

/** `GET /api/admin/history?entity=trip&id=…`: one record's staff changes, newest first, a page at a time. */
export const HistoryQuerySchema = z.object({
  entity: z.enum(AUDIT_ENTITIES),
  id: z.string().trim().min(1).max(100),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type HistoryQuery = z.infer<typeof HistoryQuerySchema>;

export const AuditFieldChangeSchema = z.object({ from: z.unknown().optional(), to: z.unknown().optional() });

export const HistoryEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  /** Who made the change (null when their account is gone). */
  actor: z.object({ id: z.string(), name: z.string() }).nullable(),
  changes: z.record(z.string(), AuditFieldChangeSchema),
  createdAt: z.string(),
});
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;

export const HistoryResponseSchema = z.object({ items: z.array(HistoryEntrySchema), total: z.number().int() });
export type HistoryResponse = z.infer<typeof HistoryResponseSchema>;
