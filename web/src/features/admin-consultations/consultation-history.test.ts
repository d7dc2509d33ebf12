import { createInstance, type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import enAdmin from '@aylal/locales/en/admin.json' with { type: 'json' };
import mnAdmin from '@aylal/locales/mn/admin.json' with { type: 'json' };
import { CONSULTATION_EVENTS } from '@aylal/shared/consultation-rules';
import type { ConsultationEvent } from '@aylal/shared/schemas/consultations';
import { formatDateTimeInZone } from '@aylal/shared/zone-name';
import { describeConsultationEvent, showsConsultationNote } from './consultation-history.ts';

const i18n = createInstance();
void i18n.init({
  initAsync: false,
  resources: { en: { admin: enAdmin }, mn: { admin: mnAdmin } },
  interpolation: { escapeValue: false },
});
const t = i18n.getFixedT('en', 'admin') as unknown as TFunction<'admin'>;
const tMn = i18n.getFixedT('mn', 'admin') as unknown as TFunction<'admin'>;
const inUlaanbaatar = (at: string) => formatDateTimeInZone(at, 'en', 'Asia/Ulaanbaatar');
const inUlaanbaatarMn = (at: string) => formatDateTimeInZone(at, 'mn', 'Asia/Ulaanbaatar');

const step = (kind: ConsultationEvent['kind'], rest: Partial<ConsultationEvent> = {}): ConsultationEvent => ({
  id: '1',
  kind,
  note: '',
  previousStartsAt: null,
  actor: { name: 'Boss Admin', isStaff: true },
  at: '2026-11-21T01:37:00.000Z',
  ...rest,
});

describe("a consultation's history as staff read it", () => {
  it('writes each step as a sentence with its actor first', () => {
    expect(describeConsultationEvent(step('confirmed'), t, inUlaanbaatar)).toBe(
      'Boss Admin confirmed the consultation.',
    );
    expect(describeConsultationEvent(step('confirmed'), tMn, inUlaanbaatarMn)).toBe(
      'Boss Admin зөвлөгөөг баталгаажуулсан.',
    );
    expect(describeConsultationEvent(step('booked', { actor: null }), t, inUlaanbaatar)).toBe(
      'A former staff member booked the consultation.',
    );
  });

  it('says when a moved consultation was, on the agency clock, named', () => {
    const moved = step('rescheduled', { previousStartsAt: '2026-11-21T02:00:00.000Z' });
    expect(describeConsultationEvent(moved, t, inUlaanbaatar)).toBe(
      'Boss Admin moved the consultation from 21 Nov 2026, 10:00 (Ulaanbaatar time).',
    );
    expect(describeConsultationEvent(moved, tMn, inUlaanbaatarMn)).toMatch(
      /^Boss Admin зөвлөгөөний цагийг өөрчилсөн \(өмнөх цаг: .*10:00 \(Улаанбаатарын цагаар\)\)\.$/,
    );
  });

  it('puts the place in the sentence, and the note below it', () => {
    expect(describeConsultationEvent(step('place'), t, inUlaanbaatar)).toBe('Boss Admin set the place to the office.');
    const video = step('place', { note: 'https://meet.example.com/abc' });
    expect(describeConsultationEvent(video, t, inUlaanbaatar)).toBe(
      'Boss Admin set the video link: https://meet.example.com/abc',
    );
    expect(showsConsultationNote(video)).toBe(false);
    expect(showsConsultationNote(step('cancelled', { note: 'Flight moved.' }))).toBe(true);
  });

  it('has a sentence for every kind of step in both languages', () => {
    for (const kind of CONSULTATION_EVENTS) {
      for (const [tr, when] of [
        [t, inUlaanbaatar],
        [tMn, inUlaanbaatarMn],
      ] as const) {
        const line = describeConsultationEvent(step(kind), tr, when);
        expect(line).not.toMatch(/consultations\.said|\{\{/);
        // A paid fee is the provider's word, not a person's act.
        expect(line.startsWith('Boss Admin ')).toBe(kind !== 'paid');
      }
    }
  });
});
