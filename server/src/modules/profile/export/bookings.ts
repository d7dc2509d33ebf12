// The person's consultations (with their history) and job applications in their export
// (docs/decisions/015).

import { asc, desc, eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { consultationEvents, consultations } from '../../../db/schema/consultations.ts';
import { jobApplications } from '../../../db/schema/jobs.ts';

export async function readBookingsExport(tx: Tx, userId: string) {
  const booked = await tx
    .select({
      id: consultations.id,
      tripTitleEn: consultations.tripTitleEn,
      tripTitleMn: consultations.tripTitleMn,
      startsAt: consultations.startsAt,
      endsAt: consultations.endsAt,
      state: consultations.state,
      note: consultations.note,
      language: consultations.language,
      timeZone: consultations.timeZone,
      place: consultations.place,
      videoUrl: consultations.videoUrl,
      createdAt: consultations.createdAt,
    })
    .from(consultations)
    .where(eq(consultations.userId, userId))
    .orderBy(asc(consultations.startsAt));
  const bookingEvents = await tx
    .select({
      consultationId: consultationEvents.consultationId,
      kind: consultationEvents.kind,
      note: consultationEvents.note,
      previousStartsAt: consultationEvents.previousStartsAt,
      createdAt: consultationEvents.createdAt,
    })
    .from(consultationEvents)
    .innerJoin(consultations, eq(consultations.id, consultationEvents.consultationId))
    .where(eq(consultations.userId, userId))
    .orderBy(asc(consultationEvents.createdAt), asc(consultationEvents.id));
  const applied = await tx
    .select({
      jobTitleEn: jobApplications.jobTitleEn,
      jobTitleMn: jobApplications.jobTitleMn,
      company: jobApplications.company,
      state: jobApplications.state,
      cv: jobApplications.cv,
      createdAt: jobApplications.createdAt,
      updatedAt: jobApplications.updatedAt,
    })
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
