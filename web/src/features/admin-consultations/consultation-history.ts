import type { TFunction } from 'i18next';
import { isVideoLink } from '@aylal/shared/consultation-rules';
import type { ConsultationEvent } from '@aylal/shared/schemas/consultations';

/**
 * A step of a consultation's history as a sentence for staff, its actor first: "Boss Admin
 * confirmed the consultation.", "Naraa moved the consultation from 21 Nov 2026, 10:00 (Ulaanbaatar
 * time).". `when` writes a moment on staff's clock (docs/decisions/030).
 */
export function describeConsultationEvent(
  event: ConsultationEvent,
  t: TFunction<'admin'>,
  when: (at: string) => string,
): string {
  const actor = event.actor?.name || t('history.someone');
  switch (event.kind) {
    case 'rescheduled':
      return event.previousStartsAt
        ? t('consultations.said.rescheduledFrom', { actor, when: when(event.previousStartsAt) })
        : t('consultations.said.rescheduled', { actor });
    case 'place':
      return !event.note
        ? t('consultations.said.placeOffice', { actor })
        : isVideoLink(event.note)
          ? t('consultations.said.placeVideo', { actor, place: event.note })
          : t('consultations.said.place', { actor, place: event.note });
    default:
      return t(`consultations.said.${event.kind}`, { actor });
  }
}

/** Whether a step's note is written below its sentence (a place is already in it). */
export const showsConsultationNote = (event: ConsultationEvent) => Boolean(event.note) && event.kind !== 'place';
