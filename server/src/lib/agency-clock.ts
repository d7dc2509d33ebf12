// The agency clock: its hours and the one time zone every date the agency shows is counted in,
// as Settings saved them. Every module reads them here (consultations saves them).
import { DEFAULT_WORKING_HOURS, type WorkingHours } from '@aylal/shared/schemas/consultations';
import type { DbOrTx } from '../db/client.ts';
import { consultationHours } from '../db/schema/consultations.ts';

/** The agency's consultation hours: what Settings saved, or the defaults before anyone has. */
export async function getWorkingHours(db: DbOrTx): Promise<WorkingHours> {
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
    officeAddress: row.officeAddress,
  };
}
