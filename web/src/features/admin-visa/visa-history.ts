import type { TFunction } from 'i18next';
import type { AdminVisaEvent } from '@aylal/shared/schemas/visa';
import type { VisaPaymentState } from '@aylal/shared/visa-rules';

/**
 * A step of the application's history as a sentence for staff, its actor first: "Boss Admin started
 * the review.", "Boss Admin asked for a change to Passport: “A new passport, please”". Steps
 * without a person (the schedule's deletion) are the system's.
 */
export function describeVisaEvent(event: AdminVisaEvent, t: TFunction<['admin', 'visaApplicationForm']>): string {
  const actor = event.actor ?? t('admin:visa.history.system');
  switch (event.kind) {
    case 'request-action': {
      const section = event.section ? t(`visaApplicationForm:sections.${event.section}`) : '';
      const key = section
        ? event.message
          ? 'admin:visa.history.requestActionSaying'
          : 'admin:visa.history.requestAction'
        : event.message
          ? 'admin:visa.history.requestActionAnySaying'
          : 'admin:visa.history.requestActionAny';
      return t(key, { actor, section, message: event.message });
    }
    case 'payment':
      return t('admin:visa.history.payment', {
        actor,
        state: t(`visaApplicationForm:paymentStates.${event.message as VisaPaymentState}`),
      });
    default:
      return t(`admin:visa.history.${event.kind}`, { actor });
  }
}

/** Whether a step's message is written below its sentence (the sentence already quotes the rest). */
export const showsVisaEventMessage = (event: AdminVisaEvent) =>
  Boolean(event.message) && event.kind !== 'request-action' && event.kind !== 'payment';
