// The columns staff filter, search and list by (country, name, email, passport_last4,
// search_text), written again from the answers, the dependants and the reference whenever one of
// them changes (docs/decisions/016).

import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { visaApplications, visaDependants } from '../../db/schema/visa.ts';
import { toVisaForm, visaCopiedColumns, type VisaApplicationRow } from './mapping.ts';

/** Writes the copied columns of `application` (as it now is in `tx`) from its form and dependants. */
export async function refreshVisaCopiedColumns(
  tx: Tx,
  application: Pick<VisaApplicationRow, 'id' | 'form' | 'reference'>,
): Promise<void> {
  const dependants = await tx
    .select({
      firstName: visaDependants.firstName,
      lastName: visaDependants.lastName,
      passportNumber: visaDependants.passportNumber,
    })
    .from(visaDependants)
    .where(eq(visaDependants.applicationId, application.id))
    .orderBy(asc(visaDependants.position));
  await tx
    .update(visaApplications)
    .set(visaCopiedColumns(toVisaForm(application.form), dependants, application.reference))
    .where(eq(visaApplications.id, application.id));
}
