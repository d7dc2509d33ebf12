import { and, gt, inArray, lt, sql } from 'drizzle-orm';
import {
  ACTIVE_STATES,
  DEFAULT_WORKING_HOURS,
  upcomingSlots,
  type SlotsResponse,
  type WorkingHours,
} from '@aylal/shared/consultations';
import type { Db } from '../../db/client.ts';
import { consultationHours, consultations } from '../../db/schema/consultations.ts';

/** The agency's consultation hours: what Settings saved, or the defaults before anyone has. */
export async function getWorkingHours(db: Db): Promise<WorkingHours> {
  const [row] = await db.select().from(consultationHours).limit(1);
  if (!row) return DEFAULT_WORKING_HOURS;
  return {
    weekdays: row.weekdays,
    dayStart: row.dayStart,
    dayEnd: row.dayEnd,
    slotMinutes: row.slotMinutes,
    timeZone: row.timeZone,
    horizonDays: row.horizonDays,
    leadHours: row.leadHours,
  };
}

export async function setWorkingHours(db: Db, hours: WorkingHours, actorId: string): Promise<WorkingHours> {
  const values = { ...hours, updatedAt: new Date(), updatedBy: actorId };
  await db
    .insert(consultationHours)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: consultationHours.id, set: values });
  return getWorkingHours(db);
}

/** Slot starts from now to the horizon that no active consultation overlaps. */
export async function openSlots(db: Db, now = new Date()): Promise<SlotsResponse> {
  const hours = await getWorkingHours(db);
  const starts = upcomingSlots(hours, now);
  const slotMs = hours.slotMinutes * 60_000;
  if (starts.length === 0) return { timeZone: hours.timeZone, slotMinutes: hours.slotMinutes, slots: [] };
  const taken = await db
    .select({ startsAt: consultations.startsAt, endsAt: consultations.endsAt })
    .from(consultations)
    .where(
      and(
        inArray(consultations.state, [...ACTIVE_STATES]),
        lt(consultations.startsAt, new Date(starts.at(-1)!.getTime() + slotMs)),
        gt(consultations.endsAt, starts[0]!),
      ),
    )
    .orderBy(sql`${consultations.startsAt}`);
  const open = starts.filter((start) => {
    const end = start.getTime() + slotMs;
    return !taken.some((booking) => booking.startsAt.getTime() < end && booking.endsAt.getTime() > start.getTime());
  });
  return {
    timeZone: hours.timeZone,
    slotMinutes: hours.slotMinutes,
    slots: open.map((start) => start.toISOString()),
  };
}
