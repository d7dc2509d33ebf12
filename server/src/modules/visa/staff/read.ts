// One visa application as staff read it (docs/decisions/016, 023): every answer, the casework and
// the history with who did what; the passport numbers whole apart. Never a draft.

import { asc, eq, inArray } from 'drizzle-orm';
import { maskPassport, staffActionsFor, type AdminVisaDetail, type VisaState } from '@aylal/shared/schemas/visa';
import type { VisaPassports } from '@aylal/shared/schemas/second-factor';
import type { DbOrTx } from '../../../db/client.ts';
import { users } from '../../../db/schema/auth.ts';
import { consultations } from '../../../db/schema/consultations.ts';
import { AppError } from '../../../lib/app-error.ts';
import { findVisaApplication, loadVisaParts } from '../load.ts';
import { toVisaApplication, toVisaForm, toVisaHistoryEntry, type VisaApplicationRow } from '../mapping.ts';

/** An application staff may see: any but a draft (which is the applicant's alone). */
export function visibleToStaff(row: VisaApplicationRow): VisaApplicationRow {
  if (row.state === 'draft') throw new AppError('VISA_NOT_FOUND');
  return row;
}

/**
 * One application with every answer, its casework and its history with who did what. Passport
 * numbers show their last four only: the whole ones are `getVisaPassportsForAdmin`, asked for
 * on a fresh sign-in (docs/decisions/023).
 */
export async function getVisaForAdmin(db: DbOrTx, id: string): Promise<AdminVisaDetail> {
  const application = visibleToStaff(await findVisaApplication(db, id));
  const parts = await loadVisaParts(db, application, { notes: true });
  const actorIds = [...new Set(parts.events.map((event) => event.actorId).filter((actor) => actor !== null))];
  const [people, booked] = await Promise.all([
    db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(inArray(users.id, [application.userId, ...actorIds])),
    db
      .select({ id: consultations.id, startsAt: consultations.startsAt, state: consultations.state })
      .from(consultations)
      .where(eq(consultations.visaApplicationId, application.id))
      .orderBy(asc(consultations.startsAt), asc(consultations.id)),
  ]);
  const byId = new Map(people.map((person) => [person.id, person]));
  const { history: _history, prefilled: _prefilled, ...rest } = toVisaApplication(parts);
  const account = byId.get(application.userId);
  return {
    ...rest,
    form: { ...rest.form, passportNumber: maskPassport(rest.form.passportNumber) },
    dependantList: rest.dependantList.map((dependant) => ({
      ...dependant,
      passportNumber: maskPassport(dependant.passportNumber),
    })),
    account: { id: application.userId, name: account?.name ?? '', email: account?.email ?? '' },
    events: parts.events.map((event) => ({
      ...toVisaHistoryEntry(event),
      actor: event.actorId ? (byId.get(event.actorId)?.name ?? null) : null,
    })),
    actions: staffActionsFor(application.state as VisaState),
    consultations: booked.map((row) => ({ id: row.id, startsAt: row.startsAt.toISOString(), state: row.state })),
    hold: application.heldAt ? { at: application.heldAt.toISOString(), reason: application.holdReason ?? '' } : null,
  };
}

/** The passport numbers of an application (the applicant's and each dependant's) whole, for staff. */
export async function getVisaPassportsForAdmin(db: DbOrTx, id: string): Promise<VisaPassports> {
  const application = visibleToStaff(await findVisaApplication(db, id));
  const { dependants } = await loadVisaParts(db, application);
  return {
    applicant: toVisaForm(application.form).passportNumber,
    dependants: dependants.map((dependant) => ({ id: dependant.id, passportNumber: dependant.passportNumber })),
  };
}
