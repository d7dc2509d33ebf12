// One job with its files: a published or closed one for its public page, any for the back office.

import { and, asc, eq, inArray } from 'drizzle-orm';
import { isTakingApplications } from '@aylal/shared/job-rules';
import type { JobDetail, PublicJobDetail } from '@aylal/shared/schemas/jobs';
import type { Db } from '../../db/client.ts';
import { jobMaterials, jobs } from '../../db/schema/jobs.ts';
import { findCatalogueRow } from '../../lib/catalogue.ts';
import { toJobDetail } from './mapping.ts';

async function loadJob(db: Db, id: string, publicOnly: boolean): Promise<JobDetail> {
  const row = await findCatalogueRow(id, 'JOB_NOT_FOUND', () =>
    db
      .select()
      .from(jobs)
      .where(publicOnly ? and(eq(jobs.id, id), inArray(jobs.status, ['published', 'closed'])) : eq(jobs.id, id))
      .limit(1),
  );
  const materials = await db
    .select()
    .from(jobMaterials)
    .where(eq(jobMaterials.jobId, id))
    .orderBy(asc(jobMaterials.position));
  return toJobDetail(row, materials);
}

/**
 * A job's public page: published and closed jobs (a closed one says so); drafts are not found.
 * Whether it takes applications is counted on `today`, the agency's.
 */
export async function getPublicJob(db: Db, id: string, today: string): Promise<PublicJobDetail> {
  const job = await loadJob(db, id, true);
  return { ...job, takingApplications: isTakingApplications(job, today) };
}

/** Any job, for the back office. */
export function getJob(db: Db, id: string): Promise<JobDetail> {
  return loadJob(db, id, false);
}
