// The visa service's settings (docs/decisions/016): the paid processing add-on's price, one row.

import type { VisaSettings } from '@aylal/shared/schemas/visa';
import type { Db, DbOrTx } from '../../db/client.ts';
import { visaSettings } from '../../db/schema/visa.ts';
import { recordChange } from '../audit/index.ts';

export async function getVisaSettings(db: DbOrTx): Promise<VisaSettings> {
  const [row] = await db.select({ processingPriceUsd: visaSettings.processingPriceUsd }).from(visaSettings).limit(1);
  return { processingPriceUsd: row?.processingPriceUsd ?? 0 };
}

/** Saves the price (0: the add-on is not offered); applications already carrying a payment keep theirs. */
export async function setVisaSettings(db: Db, actorId: string, settings: VisaSettings): Promise<VisaSettings> {
  const values = { processingPriceUsd: settings.processingPriceUsd, updatedAt: new Date(), updatedBy: actorId };
  await db.transaction(async (tx) => {
    await tx.select({ id: visaSettings.id }).from(visaSettings).for('update');
    const before = await getVisaSettings(tx);
    await tx
      .insert(visaSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: visaSettings.id, set: values });
    await recordChange(tx, {
      actor: actorId,
      entity: 'settings',
      id: 'visa',
      action: 'update',
      before: { ...before },
      after: { processingPriceUsd: settings.processingPriceUsd },
    });
  });
  return getVisaSettings(db);
}
