import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { JobInputSchema } from '@aylal/shared/schemas/jobs';
import { TripInputSchema, type TripInput } from '@aylal/shared/schemas/trips';

/** A demo job; its deadline is this many days after the day the demo is seeded. */
export const DemoJobSchema = JobInputSchema.omit({ deadline: true, status: true }).extend({
  daysOpen: z.number().int().min(1),
});
export type DemoJob = z.infer<typeof DemoJobSchema>;

/** Demo content lives in JSON files beside this one, checked against the schemas the API validates with. */
function readDemoData<T extends z.ZodType>(file: string, schema: T): z.infer<T>[] {
  return z.array(schema).parse(JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8')));
}

/** Twelve published demo trips: five in Mongolia, seven abroad. Fares in US dollars per person; 0 = to be announced. */
export const DEMO_TRIPS: TripInput[] = readDemoData('./demo-trips.json', TripInputSchema);

/** A dozen jobs abroad of the kinds the agency recruits for, in both languages. */
export const DEMO_JOBS: DemoJob[] = readDemoData('./demo-jobs.json', DemoJobSchema);
