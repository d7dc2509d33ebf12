// What every staff change to a visa application stands on (docs/decisions/016): `withApplication`
// runs one change in its own transaction under the application's row lock, then answers the
// application as staff then read it.

import type { AdminVisaDetail } from '@aylal/shared/schemas/visa';
import type { Db, Tx } from '../../../db/client.ts';
import { lockVisaApplication } from '../load.ts';
import type { VisaApplicationRow } from '../mapping.ts';
import { getVisaForAdmin, visibleToStaff } from './read.ts';

/**
 * One staff change to the application `id`: `change` runs in a transaction with the row locked
 * (VISA_NOT_FOUND when there is none, or it is a draft), then the application is read as staff
 * see it. Two staff acting at once make their changes one after the other.
 */
export async function withApplication(
  db: Db,
  id: string,
  change: (tx: Tx, row: VisaApplicationRow) => Promise<void>,
): Promise<AdminVisaDetail> {
  await db.transaction(async (tx) => {
    const row = visibleToStaff(await lockVisaApplication(tx, id));
    await change(tx, row);
  });
  return getVisaForAdmin(db, id);
}
