import type { JobInput, JobType } from '@aylal/shared/schemas/jobs';
import { JOB_TYPES } from '@aylal/shared/schemas/jobs';
import { dateInZone, DEFAULT_WORKING_HOURS } from '@aylal/shared/consultation-rules';
import { insertJobs } from '../../modules/jobs/index.ts';
import type { Db } from '../client.ts';
import { z } from 'zod';
import { BilingualTextSchema, insertInBatches, quiet, readSeedData, type SeedLog } from './seed-data.ts';
import { random } from './synthetic-trips.ts';

/** A calendar day `days` after an ISO date. */
export function addDays(isoDate: string, days: number): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

const BilingualListSchema = z.object({ en: z.array(z.string()), mn: z.array(z.string()) });

/** Roles (with their skills), places and company names jobs are made of, in synthetic-jobs.json. */
const {
  roles: ROLES,
  places: PLACES,
  companies: COMPANIES,
} = readSeedData(
  './synthetic-jobs.json',
  z.object({
    roles: z.array(BilingualTextSchema.extend({ skills: BilingualListSchema })),
    places: z.array(BilingualTextSchema),
    companies: z.array(z.string()),
  }),
);

const pick = <T>(next: () => number, items: readonly T[]): T => items[Math.floor(next() * items.length)]!;

/** `count` plausible jobs for load tests: nine in ten published, deadlines over the coming year. */
export function syntheticJobs(
  count: number,
  today = dateInZone(new Date(), DEFAULT_WORKING_HOURS.timeZone),
  seed = 7,
): JobInput[] {
  const next = random(seed);
  return Array.from({ length: count }, (_, index) => {
    const role = pick(next, ROLES);
    const place = pick(next, PLACES);
    const type: JobType = pick(next, JOB_TYPES);
    const company = `${pick(next, COMPANIES)} ${['Co.', 'Group', 'Ltd', 'Inc.'][index % 4]}`;
    return {
      title: { en: `${role.en} #${index + 1}`, mn: `${role.mn} №${index + 1}` },
      description: {
        en: `${company} is hiring a ${role.en.toLowerCase()} in ${place.en}.`,
        mn: `${company} ${place.mn} хотод ${role.mn.toLowerCase()} ажилд авна.`,
      },
      company,
      location: place,
      type,
      requirements: { en: 'Experience in the field', mn: 'Салбартаа ажилласан туршлага' },
      responsibilities: { en: 'The daily work of the role', mn: 'Албан тушаалын өдөр тутмын ажил' },
      benefits: { en: 'Housing provided', mn: 'Байраар хангана' },
      skills: role.skills,
      // A tenth have already closed, to be filtered out.
      deadline: addDays(today, next() < 0.1 ? -1 - Math.floor(next() * 60) : Math.floor(next() * 365)),
      status: next() < 0.9 ? 'published' : 'draft',
    };
  });
}

export async function seedSyntheticJobs(db: Db, count: number, log: SeedLog = quiet) {
  await insertInBatches(syntheticJobs(count), 2000, (rows, postedAt) => insertJobs(db, rows, postedAt), log, 'jobs');
  await db.$client.query('vacuum analyze jobs');
}
