import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { CvSchema } from '@aylal/shared/schemas/cv';
import { blankCv } from '@aylal/shared/cv-rules';
import { JobInputSchema } from '@aylal/shared/schemas/jobs';
import { TripInputSchema, type TripInput } from '@aylal/shared/schemas/trips';
import { WorkingHoursSchema } from '@aylal/shared/schemas/consultations';
import { AdminVisaActionRequestSchema } from '@aylal/shared/schemas/visa';
import enVisa from '@aylal/locales/en/visaApplicationForm.json';
import { DEFAULT_WORKING_HOURS } from '@aylal/shared/consultation-rules';
import enForms from '@aylal/locales/en/forms.json';
import { schemaErrors } from './resolver.ts';

beforeAll(async () => {
  await i18n.init({
    lng: 'en',
    resources: {
      en: {
        forms: enForms,
        cv: { errors: { company: 'Enter the company', start: 'start', month: 'month' } },
        visaApplicationForm: enVisa,
      },
    },
  });
});

const trip: TripInput = {
  title: { en: '', mn: '' },
  summary: { en: '', mn: '' },
  description: { en: '', mn: '' },
  continent: 'asia',
  country: { en: 'Mongolia', mn: '' },
  destination: { en: 'Terelj', mn: '' },
  type: 'group',
  tags: [],
  mealPlan: 'full-board',
  durationDays: 400,
  fare: 10.005,
  capacity: 10,
  departureDates: ['2027-13-01'],
  stops: [{ place: { en: '', mn: '' }, transport: 'car' }],
  itinerary: [{ day: 1, title: { en: 'Day', mn: '' }, activities: [] }],
  status: 'draft',
};

describe('schemaErrors', () => {
  it("uses a shared schema's own words, every missing part at once", () => {
    expect(schemaErrors(AdminVisaActionRequestSchema, { action: 'request-action', section: '', message: ' ' })).toEqual(
      {
        section: 'Choose the section to change',
        message: 'Say what should be changed, and why',
      },
    );
  });

  it('says what to fix, by the dotted paths Mantine uses', () => {
    expect(schemaErrors(TripInputSchema, trip)).toEqual({
      title: 'Please fill this in, in at least one language.',
      durationDays: 'Please enter 365 or less.',
      fare: 'Please use at most 2 decimal places.',
      'departureDates.0': 'Please choose a valid date.',
      'stops.0.place': 'Please fill this in, in at least one language.',
    });
  });

  it("takes a form's own words by path (list indices as #), issue code or value", () => {
    const cv = blankCv({
      fullName: 'Nomin',
      email: 'nomin@example.com',
      experience: [
        { company: 'Erdenet', position: 'Welder', start: '2019-04', end: '', current: false, description: '' },
        { company: ' ', position: 'Fitter', start: '', end: '', current: false, description: '' },
      ],
    });
    const messages = {
      'experience.#.company:too_small': 'cv:errors.company',
      'experience.#.start': (value: unknown) => (value ? 'cv:errors.month' : 'cv:errors.start'),
    };
    expect(schemaErrors(CvSchema, cv, messages)).toEqual({
      'experience.1.company': 'Enter the company',
      'experience.1.start': 'start',
    });
  });

  it('checks rules between fields and the texts in both languages', () => {
    expect(schemaErrors(WorkingHoursSchema, { ...DEFAULT_WORKING_HOURS, dayEnd: '09:15' })).toEqual({
      dayEnd: 'Please correct this value.',
    });
    const job = JobInputSchema.safeParse({});
    expect(job.success).toBe(false);
    expect(schemaErrors(JobInputSchema, {})).toMatchObject({ company: 'Please fill this in.' });
  });
});
