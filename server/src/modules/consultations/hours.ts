import { and, gt, inArray, lt, sql } from 'drizzle-orm';
import {
  ACTIVE_STATES,
  dateInZone,
  upcomingSlots,
  type SlotsResponse,
  type WorkingHours,
} from '@aylal/shared/schemas/consultations';
import type { Db } from '../../db/client.ts';
import { consultationHours, consultations } from '../../db/schema/consultations.ts';
import { getWorkingHours } from '../../lib/agency-clock.ts';
import { saveSettingsRow } from '../audit/index.ts';

export async function setWorkingHours(db: Db, actorId: string, hours: WorkingHours): Promise<WorkingHours> {
  return saveSettingsRow(db, {
    table: consultationHours,
    id: 'consultation-hours',
    actorId,
    values: hours,
    read: getWorkingHours,
    after: { ...hours },
  });
}

/**
 * The candidate slots depend only on the hours and the agency's date: worked out once a day. One
 * per app (the consultations routes hold it), not a module's state.
 */
export class SlotCandidates {
  #cached: { key: string; starts: Date[] } | null = null;

  /** Slot starts from the lead time to the horizon, before bookings are taken out. */
  at(hours: WorkingHours, now: Date): Date[] {
    const key = `${JSON.stringify(hours)}|${dateInZone(now, hours.timeZone)}`;
    if (this.#cached?.key !== key) this.#cached = { key, starts: upcomingSlots({ ...hours, leadHours: 0 }, now) };
    const earliest = now.getTime() + hours.leadHours * 3_600_000;
    return this.#cached.starts.filter((start) => start.getTime() >= earliest);
  }
}

/** Slot starts from now to the horizon that no active consultation overlaps. */
export async function openSlots(db: Db, candidates: SlotCandidates, now = new Date()): Promise<SlotsResponse> {
  const hours = await getWorkingHours(db);
  const starts = candidates.at(hours, now);
  const slotMs = hours.slotMinutes * 60_000;
  const fees = { trip: hours.tripFeeUsd, visa: hours.visaFeeUsd };
  if (starts.length === 0) return { timeZone: hours.timeZone, slotMinutes: hours.slotMinutes, slots: [], fees };
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
  // Both lists are in time order: one walk through them finds the slots nothing overlaps.
  const open: Date[] = [];
  let next = 0;
  for (const start of starts) {
    const begin = start.getTime();
    while (next < taken.length && taken[next]!.endsAt.getTime() <= begin) next += 1;
    let overlapped = false;
    for (let index = next; index < taken.length && taken[index]!.startsAt.getTime() < begin + slotMs; index += 1) {
      if (taken[index]!.endsAt.getTime() > begin) {
        overlapped = true;
        break;
      }
    }
    if (!overlapped) open.push(start);
  }
  return {
    timeZone: hours.timeZone,
    slotMinutes: hours.slotMinutes,
    slots: open.map((start) => start.toISOString()),
    fees,
  };
}
