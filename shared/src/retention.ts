import { z } from 'zod';
import type { VisaDecidedState } from './visa-rules.ts';

/**
 * How long a decided visa application keeps its documents and sensitive answers (docs/decisions/027):
 * days after it was approved, refused or withdrawn. Set in Settings.
 */
export const RetentionSettingsSchema = z.object({
  approvedDays: z.number().int().min(1).max(3650),
  refusedDays: z.number().int().min(1).max(3650),
  withdrawnDays: z.number().int().min(1).max(3650),
});
export type RetentionSettings = z.infer<typeof RetentionSettingsSchema>;

export const DEFAULT_RETENTION: RetentionSettings = { approvedDays: 180, refusedDays: 730, withdrawnDays: 30 };

/** A draft nobody has changed for this long is deleted, after a warning this many days before. */
export const DRAFT_RETENTION_DAYS = 180;
export const DRAFT_WARNING_DAYS = 14;
/** Sent emails keep their text this long; access records are kept this long. */
export const SENT_EMAIL_BODY_DAYS = 30;
export const ACCESS_RECORD_DAYS = 730;

const DAY_MS = 24 * 60 * 60 * 1000;

export function retentionDays(settings: RetentionSettings, state: VisaDecidedState): number {
  return state === 'approved'
    ? settings.approvedDays
    : state === 'refused'
      ? settings.refusedDays
      : settings.withdrawnDays;
}

/** When a decided application's documents and sensitive answers are deleted. */
export function purgeDate(settings: RetentionSettings, state: VisaDecidedState, decidedAt: Date): Date {
  return new Date(decidedAt.getTime() + retentionDays(settings, state) * DAY_MS);
}

/** The body of `PUT /api/admin/visa-applications/:id/hold`: a reason keeps it from the sweep; null releases it. */
export const VisaHoldRequestSchema = z.object({
  reason: z.string().trim().min(1).max(500).nullable(),
});
export type VisaHoldRequest = z.infer<typeof VisaHoldRequestSchema>;
