// The agency clock: its hours and the one time zone every date the agency counts is counted in,
// as Settings saved them (docs/decisions/032). Every module reads them here (consultations saves
// them); no module keeps a zone of its own.
import fp from 'fastify-plugin';
import { dateInZone } from '@aylal/shared/consultation-rules';
import { DEFAULT_WORKING_HOURS, type WorkingHours } from '@aylal/shared/schemas/consultations';
import type { DbOrTx } from '../db/client.ts';
import { consultationHours } from '../db/schema/consultations.ts';
import { ListeningCache } from './listening-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The agency's zone and today, kept for the hot public reads (lib/agency-clock.ts). */
    agencyClock: AgencyClock;
  }
}

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
    tripFeeUsd: row.tripFeeUsd,
    visaFeeUsd: row.visaFeeUsd,
  };
}

/** The agency's date at `now` (YYYY-MM-DD) in the zone Settings hold, read afresh: for writes. */
export async function agencyToday(db: DbOrTx, now = new Date()): Promise<string> {
  return dateInZone(now, (await getWorkingHours(db)).timeZone);
}

/**
 * Migration 0012's triggers notify this channel when the agency's hours change (among the other
 * things the dashboard counts), so every process forgets the zone it kept.
 */
const HOURS_CHANGES_CHANNEL = 'aylal_dashboard_changes';

/**
 * The zone Settings hold, kept for the reads every visitor makes (the open jobs' lists and pages,
 * the sitemap) and forgotten when the hours change, in this process (the `hours` tag) or any other.
 * While the change feed is down it reads the zone every time.
 */
export class AgencyClock {
  private readonly kept: ListeningCache<string>;

  constructor(
    private readonly db: DbOrTx,
    keepMs = 10 * 60_000,
  ) {
    this.kept = new ListeningCache(keepMs, 1);
  }

  /** The forgetting side, for `app.changes.keep`. */
  get listener() {
    return this.kept;
  }

  async timeZone(): Promise<string> {
    return (await this.kept.get('zone', async () => (await getWorkingHours(this.db)).timeZone)).value;
  }

  /** The agency's date at `now`: YYYY-MM-DD. */
  async today(now = new Date()): Promise<string> {
    return dateInZone(now, await this.timeZone());
  }
}

/** Decorates the app with its agency clock, forgotten by the `hours` tag and the triggers' channel. */
export const agencyClockPlugin = fp(
  async (app, { db }: { db: DbOrTx }) => {
    const clock = new AgencyClock(db);
    app.changes.keep(clock.listener, { tags: ['hours'], channel: HOURS_CHANGES_CHANNEL });
    app.decorate('agencyClock', clock);
  },
  { name: 'agency-clock', dependencies: ['changes'] },
);
