import { createInstance, type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import enAdmin from '@aylal/locales/en/admin.json' with { type: 'json' };
import enVisa from '@aylal/locales/en/visaApplicationForm.json' with { type: 'json' };
import mnAdmin from '@aylal/locales/mn/admin.json' with { type: 'json' };
import mnVisa from '@aylal/locales/mn/visaApplicationForm.json' with { type: 'json' };
import type { AdminVisaEvent } from '@aylal/shared/schemas/visa';
import { describeVisaEvent, showsVisaEventMessage } from './visa-history.ts';

const i18n = createInstance();
void i18n.init({
  initAsync: false,
  resources: {
    en: { admin: enAdmin, visaApplicationForm: enVisa },
    mn: { admin: mnAdmin, visaApplicationForm: mnVisa },
  },
  interpolation: { escapeValue: false },
});
type VisaT = TFunction<['admin', 'visaApplicationForm']>;
const t = i18n.getFixedT('en') as unknown as VisaT;
const tMn = i18n.getFixedT('mn') as unknown as VisaT;

const step = (kind: AdminVisaEvent['kind'], rest: Partial<AdminVisaEvent> = {}): AdminVisaEvent => ({
  id: '1',
  kind,
  state: null,
  section: null,
  message: '',
  createdAt: '2026-11-21T01:37:00.000Z',
  actor: 'Boss Admin',
  ...rest,
});

describe("a visa application's history as staff read it", () => {
  it('writes each step as a sentence with its actor first', () => {
    expect(describeVisaEvent(step('start-review'), t)).toBe('Boss Admin started the review.');
    expect(describeVisaEvent(step('start-review'), tMn)).toBe('Boss Admin өргөдлийг хянаж эхэлсэн.');
    expect(describeVisaEvent(step('resubmitted', { actor: 'Nara' }), t)).toBe(
      'Nara sent the application again after the change.',
    );
    expect(describeVisaEvent(step('approve'), tMn)).toBe('Boss Admin виз олгогдсоныг тэмдэглэсэн.');
  });

  it('quotes what staff asked to change, in which section', () => {
    const asked = step('request-action', { section: 'passport', message: 'A new passport, please' });
    expect(describeVisaEvent(asked, t)).toBe('Boss Admin asked for a change to Passport: “A new passport, please”');
    expect(describeVisaEvent(asked, tMn)).toBe('Boss Admin «Паспорт» хэсгийг засахыг хүссэн: «A new passport, please»');
    expect(describeVisaEvent({ ...asked, message: '' }, t)).toBe('Boss Admin asked for a change to Passport.');
    expect(showsVisaEventMessage(asked)).toBe(false);
  });

  it('names the payment state, and the system for steps without a person', () => {
    expect(describeVisaEvent(step('payment', { message: 'paid' }), t)).toBe('Boss Admin set the payment to “Paid”.');
    expect(describeVisaEvent(step('payment', { message: 'paid' }), tMn)).toBe(
      'Boss Admin төлбөрийн төлөвийг «Төлсөн» болгосон.',
    );
    expect(describeVisaEvent(step('purged', { actor: null }), t)).toBe(
      'The system deleted the documents and sensitive answers.',
    );
    expect(describeVisaEvent(step('purged', { actor: null }), tMn)).toBe(
      'Систем бичиг баримт, эмзэг мэдээллийг устгасан.',
    );
  });

  it('keeps a note and a message to the applicant below the sentence', () => {
    const note = step('note', { message: 'Called the embassy.' });
    expect(describeVisaEvent(note, t)).toBe('Boss Admin added a note:');
    expect(showsVisaEventMessage(note)).toBe(true);
    expect(showsVisaEventMessage(step('lodge'))).toBe(false);
  });

  it('has a sentence for every kind of step, with no key left showing, in both languages', () => {
    for (const kind of Object.keys(enVisa.events) as AdminVisaEvent['kind'][]) {
      for (const tr of [t, tMn]) {
        const line = describeVisaEvent(step(kind, { section: 'passport', message: 'paid' }), tr);
        expect(line).not.toMatch(/visa\.history|\{\{/);
        expect(line.startsWith('Boss Admin ')).toBe(true);
      }
    }
  });
});
