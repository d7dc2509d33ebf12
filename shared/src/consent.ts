// Consent to the processing of a visa application's sensitive answers and their transfer to the
// destination's authorities (docs/decisions/027). The words are the locales' `visaApplicationForm`
// `consent.*`; the version names them.

/**
 * The version of the words the review page shows. Change it with any change of those words (in
 * either language): every application then asks again at its next submit.
 */
export const VISA_CONSENT_VERSION = '2026-11-27';

/** The `consents.kind` of a visa submission's consent. */
export const VISA_CONSENT_KIND = 'visa-sensitive-data';

/** The parts of the words, in the order they are shown and stored (keys under `consent.`). */
export const VISA_CONSENT_PARTS = ['title', 'use', 'share', 'keep', 'agree'] as const;
