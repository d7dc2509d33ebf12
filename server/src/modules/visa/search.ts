// The columns staff filter, search and list by (country, name, email, passport_last4,
// search_text), written again from the answers, the dependants and the reference whenever one of
// them changes (docs/decisions/016).

import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { visaApplications, visaDependants } from '../../db/schema/visa.ts';
import { toVisaForm, toVisaCopiedColumns, type VisaApplicationRow } from './mapping.ts';

/** The copied columns of `application` (its form and reference as given, its dependants as they are in `tx`). */
export async function loadVisaCopiedColumns(
  tx: Tx,
  application: Pick<VisaApplicationRow, 'id' | 'form' | 'reference'>,
): Promise<ReturnType<typeof toVisaCopiedColumns>> {
  const dependants = await tx
    .select({
      firstName: visaDependants.firstName,
      lastName: visaDependants.lastName,
      latinFirstName: visaDependants.latinFirstName,
      latinLastName: visaDependants.latinLastName,
      passportNumber: visaDependants.passportNumber,
    })
    .from(visaDependants)
    .where(eq(visaDependants.applicationId, application.id))
    .orderBy(asc(visaDependants.position));
  return toVisaCopiedColumns(toVisaForm(application.form), dependants, application.reference);
}

/** Writes the copied columns of `application` afresh (its dependants changed), with `also` in the same update. */
export async function refreshVisaCopiedColumns(
  tx: Tx,
  application: Pick<VisaApplicationRow, 'id' | 'form' | 'reference'>,
  also: Partial<Pick<VisaApplicationRow, 'updatedAt'>> = {},
): Promise<void> {
  await tx
    .update(visaApplications)
    .set({ ...also, ...(await loadVisaCopiedColumns(tx, application)) })
    .where(eq(visaApplications.id, application.id));
}
