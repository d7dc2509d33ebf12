// The visa service's settings (docs/decisions/016): the paid processing add-on's price, one row.

import type { VisaSettings } from '@aylal/shared/schemas/visa';
import type { Db, DbOrTx } from '../../db/client.ts';
import { visaSettings } from '../../db/schema/visa.ts';
import { saveSettingsRow } from '../audit/index.ts';

export async function getVisaSettings(db: DbOrTx): Promise<VisaSettings> {
  const [row] = await db.select({ processingPriceUsd: visaSettings.processingPriceUsd }).from(visaSettings).limit(1);
  return { processingPriceUsd: row?.processingPriceUsd ?? 0 };
}

/** Saves the price (0: the add-on is not offered); applications already carrying a payment keep theirs. */
export async function setVisaSettings(db: Db, actorId: string, settings: VisaSettings): Promise<VisaSettings> {
  const values = { processingPriceUsd: settings.processingPriceUsd };
  return saveSettingsRow(db, {
    table: visaSettings,
    id: 'visa',
    actorId,
    values,
    read: getVisaSettings,
    after: values,
  });
}
