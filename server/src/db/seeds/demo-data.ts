import { z } from 'zod';
import { JobInputSchema } from '@aylal/shared/schemas/jobs';
import { TripInputSchema, type TripInput } from '@aylal/shared/schemas/trips';
import { readSeedData } from './seed-data.ts';

/** A demo job; its deadline is this many days after the day the demo is seeded. */
export const DemoJobSchema = JobInputSchema.omit({ deadline: true, status: true }).extend({
  daysOpen: z.number().int().min(1),
});
export type DemoJob = z.infer<typeof DemoJobSchema>;

/** Twelve published demo trips: five in Mongolia, seven abroad. Fares in US dollars per person; 0 = to be announced. */
export const DEMO_TRIPS: TripInput[] = readSeedData('./demo-trips.json', z.array(TripInputSchema));

/** A dozen jobs abroad of the kinds the agency recruits for, in both languages. */
export const DEMO_JOBS: DemoJob[] = readSeedData('./demo-jobs.json', z.array(DemoJobSchema));
