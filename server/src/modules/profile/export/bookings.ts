// The person's consultations (with their history) and job applications in their export
// (docs/decisions/015).

import { asc, desc, eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { pickColumns } from '../../../db/pick-columns.ts';
import { consultationEvents, consultations } from '../../../db/schema/consultations.ts';
import { jobApplications } from '../../../db/schema/jobs.ts';

export async function readBookingsExport(tx: Tx, userId: string) {
  const booked = await tx
    .select(
      pickColumns(consultations, [
        'id',
        'tripTitleEn',
        'tripTitleMn',
        'startsAt',
        'endsAt',
        'state',
        'note',
        'language',
        'timeZone',
        'place',
        'videoUrl',
        'createdAt',
      ]),
    )
    .from(consultations)
    .where(eq(consultations.userId, userId))
    .orderBy(asc(consultations.startsAt));
  const bookingEvents = await tx
    .select(pickColumns(consultationEvents, ['consultationId', 'kind', 'note', 'previousStartsAt', 'createdAt']))
    .from(consultationEvents)
    .innerJoin(consultations, eq(consultations.id, consultationEvents.consultationId))
    .where(eq(consultations.userId, userId))
    .orderBy(asc(consultationEvents.createdAt), asc(consultationEvents.id));
  const applied = await tx
    .select(
      pickColumns(jobApplications, ['jobTitleEn', 'jobTitleMn', 'company', 'state', 'cv', 'createdAt', 'updatedAt']),
    )
    .from(jobApplications)
    .where(eq(jobApplications.userId, userId))
    .orderBy(desc(jobApplications.createdAt));
  return {
    consultations: booked.map(({ id, ...consultation }) => ({
      ...consultation,
      events: bookingEvents
        .filter((event) => event.consultationId === id)
        .map(({ consultationId: _, ...event }) => event),
    })),
    jobApplications: applied,
  };
}
