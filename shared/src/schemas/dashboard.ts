import { z } from 'zod';
import {
  DASHBOARD_FIGURE_KEYS,
  DASHBOARD_GROUPS,
  DASHBOARD_QUEUES,
  DASHBOARD_SERIES,
  type DashboardFigureKey,
  type DashboardGroupKey,
  type DashboardSeriesKey,
} from '../dashboard.ts';

/** `?days=7|30|90` (30 when absent); anything else is refused with VALIDATION_FAILED. */
export const DashboardQuerySchema = z.object({ days: z.enum(['7', '30', '90']).default('30') });
export type DashboardQuery = z.infer<typeof DashboardQuerySchema>;

export const DashboardFigureSchema = z.object({
  key: z.enum(DASHBOARD_FIGURE_KEYS as [DashboardFigureKey, ...DashboardFigureKey[]]),
  value: z.number().int(),
  /** The same count over the previous period; null for a figure of now (today's consultations, open jobs). */
  previous: z.number().int().nullable(),
  /** Money the figure stands for, whole US dollars (the paid processing received). */
  amountUsd: z.number().int().optional(),
  previousAmountUsd: z.number().int().optional(),
  /** Since when the oldest of what the figure counts has waited (the unanswered messages); absent when none waits. */
  since: z.string().optional(),
});
export type DashboardFigure = z.infer<typeof DashboardFigureSchema>;

export const DashboardGroupSchema = z.object({
  key: z.enum(DASHBOARD_GROUPS as [DashboardGroupKey, ...DashboardGroupKey[]]),
  figures: z.array(DashboardFigureSchema),
});
export type DashboardGroup = z.infer<typeof DashboardGroupSchema>;

export const DashboardQueueItemSchema = z.object({
  id: z.string(),
  /** The person the record is about (the traveller, the applicant). */
  name: z.string(),
  /** The visa application's reference, when it has one. */
  reference: z.string().nullable(),
  /** A consultation's start. */
  startsAt: z.string().nullable(),
  /** Since when it has been waiting (booked; entered its state). */
  since: z.string(),
});
export type DashboardQueueItem = z.infer<typeof DashboardQueueItemSchema>;

export const DashboardQueueSchema = z.object({
  key: z.enum(DASHBOARD_QUEUES),
  total: z.number().int(),
  /** The oldest waiting first, at most DASHBOARD_QUEUE_ITEMS. */
  items: z.array(DashboardQueueItemSchema),
});
export type DashboardQueue = z.infer<typeof DashboardQueueSchema>;

export const DashboardTrendDaySchema = z.object({
  date: z.string(),
  ...(Object.fromEntries(DASHBOARD_SERIES.map((key) => [key, z.number().int()])) as Record<
    DashboardSeriesKey,
    z.ZodNumber
  >),
});
export type DashboardTrendDay = z.infer<typeof DashboardTrendDaySchema>;

export const DashboardResponseSchema = z.object({
  days: z.number().int(),
  /** The agency's zone and days: the period `from`–`to` and the one before it. */
  timeZone: z.string(),
  today: z.string(),
  from: z.string(),
  to: z.string(),
  previousFrom: z.string(),
  previousTo: z.string(),
  /** Work first: what waits for staff, oldest first. */
  queues: z.array(DashboardQueueSchema),
  groups: z.array(DashboardGroupSchema),
  /** One entry per day of the period, oldest first. */
  trend: z.array(DashboardTrendDaySchema),
});
export type DashboardResponse = z.infer<typeof DashboardResponseSchema>;
