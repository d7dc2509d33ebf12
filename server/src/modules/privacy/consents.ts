// Consents with the words the person saw (docs/decisions/027): a visa submission records the
// applicant's agreement to the processing of its sensitive answers and their transfer to the
// destination's authorities, in the language they read it in, under the words' version.

import { and, desc, eq } from 'drizzle-orm';
import type { Language } from '@aylal/shared/i18n';
import { VISA_CONSENT_KIND, VISA_CONSENT_PARTS, VISA_CONSENT_VERSION } from '@aylal/shared/consent';
import type { VisaSubmitRequest } from '@aylal/shared/schemas/visa';
// The words as the review page shows them (the web's `visaApplicationForm` namespace).
import formEn from '@aylal/locales/en/visaApplicationForm.json' with { type: 'json' };
import formMn from '@aylal/locales/mn/visaApplicationForm.json' with { type: 'json' };
import type { DbOrTx, Tx } from '../../db/client.ts';
import { consents } from '../../db/schema/privacy.ts';
import { AppError } from '../../lib/app-error.ts';

const WORDS = { en: formEn.consent, mn: formMn.consent };

/** The consent's words in `language`, its parts one paragraph each, as stored with the consent. */
export function visaConsentWording(language: Language): string {
  return VISA_CONSENT_PARTS.map((part) => WORDS[language][part]).join('\n\n');
}

/** The latest consent given for an application, or null. */
export async function latestVisaConsent(
  db: DbOrTx,
  applicationId: string,
): Promise<{ version: string; at: string } | null> {
  const [row] = await db
    .select({ version: consents.version, createdAt: consents.createdAt })
    .from(consents)
    .where(and(eq(consents.applicationId, applicationId), eq(consents.kind, VISA_CONSENT_KIND)))
    .orderBy(desc(consents.createdAt), desc(consents.id))
    .limit(1);
  return row ? { version: row.version, at: row.createdAt.toISOString() } : null;
}

/**
 * At a submit, in its transaction: records the consent given (to the current words only), or
 * finds one to the current words already given for this application (sent again after a change
 * request); VISA_CONSENT_REQUIRED otherwise, its details naming the current version.
 */
export async function takeVisaConsent(
  tx: Tx,
  { userId, applicationId, consent }: { userId: string; applicationId: string; consent: VisaSubmitRequest['consent'] },
): Promise<void> {
  const refused = new AppError('VISA_CONSENT_REQUIRED', { version: VISA_CONSENT_VERSION });
  if (!consent) {
    if ((await latestVisaConsent(tx, applicationId))?.version !== VISA_CONSENT_VERSION) throw refused;
    return;
  }
  if (consent.version !== VISA_CONSENT_VERSION) throw refused;
  await tx.insert(consents).values({
    userId,
    applicationId,
    kind: VISA_CONSENT_KIND,
    version: VISA_CONSENT_VERSION,
    language: consent.language,
    wording: visaConsentWording(consent.language),
  });
}
