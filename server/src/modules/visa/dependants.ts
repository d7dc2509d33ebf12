// The people travelling with the applicant (docs/decisions/016): rows of their own, so adding,
// changing or removing one never races the applicant's autosave of the form.

import { and, count, eq, max } from 'drizzle-orm';
import {
  dependantNameKey,
  normalizePassport,
  VISA_DEPENDANTS_MAX,
  type VisaDependant,
  type VisaDependantInput,
} from '@aylal/shared/schemas/visa';
import type { Db, Tx } from '../../db/client.ts';
import { isPgError, PG_ERROR } from '../../db/pg-error.ts';
import { visaDependants, visaDocuments } from '../../db/schema/visa.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/sql-text.ts';
import { assertVisaEditable, lockVisaApplication } from './load.ts';
import { toVisaDependant, toVisaForm, type VisaApplicationRow } from './mapping.ts';
import { refreshVisaCopiedColumns } from './search.ts';

/** The owner's application, locked, in a state that lets them change it. */
async function editableApplication(tx: Tx, userId: string, id: string): Promise<VisaApplicationRow> {
  const row = await lockVisaApplication(tx, id, userId);
  assertVisaEditable(row);
  return row;
}

/** The applicant is not their own dependant (their name as the form holds it now): DEPENDANT_IS_APPLICANT. */
function refuseApplicantName(application: VisaApplicationRow, input: VisaDependantInput) {
  const form = toVisaForm(application.form);
  if (dependantNameKey(input.firstName, input.lastName) === dependantNameKey(form.firstName, form.lastName)) {
    throw new AppError('DEPENDANT_IS_APPLICANT');
  }
}

function dependantValues(input: VisaDependantInput) {
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    latinFirstName: input.latinFirstName,
    latinLastName: input.latinLastName,
    nameKey: dependantNameKey(input.firstName, input.lastName),
    relationship: input.relationship,
    dateOfBirth: input.dateOfBirth,
    nationality: input.nationality,
    passportNumber: normalizePassport(input.passportNumber),
    passportExpiryDate: input.passportExpiryDate,
  };
}

/**
 * Writes a dependant (`write` answers its row) on the person's application while it may be changed:
 * the applicant's own name is refused, and so (by the database's unique key) is a name another
 * dependant has; the application's copied columns follow.
 */
async function writeDependant(
  db: Db,
  userId: string,
  id: string,
  input: VisaDependantInput,
  write: (tx: Tx, application: VisaApplicationRow) => Promise<typeof visaDependants.$inferSelect>,
): Promise<VisaDependant> {
  try {
    return await db.transaction(async (tx) => {
      const application = await editableApplication(tx, userId, id);
      refuseApplicantName(application, input);
      const row = await write(tx, application);
      await refreshVisaCopiedColumns(tx, application, { updatedAt: new Date() });
      return toVisaDependant(row);
    });
  } catch (error) {
    if (isPgError(error, PG_ERROR.UNIQUE_VIOLATION, 'visa_dependants_name_unique')) {
      throw new AppError('DEPENDANT_EXISTS');
    }
    throw error;
  }
}

/** Adds a dependant; DEPENDANT_EXISTS for a name already there, TOO_MANY_DEPENDANTS past twelve. */
export async function addVisaDependant(
  db: Db,
  userId: string,
  id: string,
  input: VisaDependantInput,
): Promise<VisaDependant> {
  return writeDependant(db, userId, id, input, async (tx, application) => {
    const [existing] = await tx
      .select({ n: count(), last: max(visaDependants.position) })
      .from(visaDependants)
      .where(eq(visaDependants.applicationId, application.id));
    if ((existing?.n ?? 0) >= VISA_DEPENDANTS_MAX) throw new AppError('TOO_MANY_DEPENDANTS');
    const [row] = await tx
      .insert(visaDependants)
      .values({ applicationId: application.id, position: (existing?.last ?? -1) + 1, ...dependantValues(input) })
      .returning();
    return row!;
  });
}

function whereDependant(applicationId: string, dependantId: string) {
  if (!isUuid(dependantId)) throw new AppError('DEPENDANT_NOT_FOUND');
  return and(eq(visaDependants.id, dependantId), eq(visaDependants.applicationId, applicationId));
}

/** Replaces a dependant's answers; DEPENDANT_EXISTS when the new name is another's. */
export async function updateVisaDependant(
  db: Db,
  userId: string,
  id: string,
  dependantId: string,
  input: VisaDependantInput,
): Promise<VisaDependant> {
  return writeDependant(db, userId, id, input, async (tx, application) => {
    const [row] = await tx
      .update(visaDependants)
      .set({ ...dependantValues(input), updatedAt: new Date() })
      .where(whereDependant(application.id, dependantId))
      .returning();
    if (!row) throw new AppError('DEPENDANT_NOT_FOUND');
    return row;
  });
}

/** Removes a dependant and their documents; answers the files to remove once committed. */
export async function deleteVisaDependant(db: Db, userId: string, id: string, dependantId: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    const application = await editableApplication(tx, userId, id);
    const where = whereDependant(application.id, dependantId);
    const files = await tx
      .select({ key: visaDocuments.fileKey })
      .from(visaDocuments)
      .where(and(eq(visaDocuments.applicationId, application.id), eq(visaDocuments.dependantId, dependantId)));
    const deleted = await tx.delete(visaDependants).where(where).returning({ id: visaDependants.id });
    if (deleted.length === 0) throw new AppError('DEPENDANT_NOT_FOUND');
    await refreshVisaCopiedColumns(tx, application, { updatedAt: new Date() });
    return files.map((file) => file.key);
  });
}
