import type { JobInput } from '@aylal/shared/schemas/jobs';
import { addDays } from '../src/db/seeds/synthetic-jobs.ts';
import { dateInZone, DEFAULT_WORKING_HOURS } from '@aylal/shared/consultation-rules';

/** Today on the agency's clock as Settings default it (no test database changes the zone of jobs' tests). */
export const defaultAgencyToday = () => dateInZone(new Date(), DEFAULT_WORKING_HOURS.timeZone);

/** A valid, open job as an admin would write it. */
export function jobInput(overrides: Partial<JobInput> = {}): JobInput {
  return {
    title: { en: 'Production line operator', mn: 'Үйлдвэрийн оператор' },
    description: { en: 'Car parts plant.', mn: 'Сэлбэгийн үйлдвэр.' },
    company: 'Hanil Precision',
    location: { en: 'Incheon, South Korea', mn: 'Инчхон, Өмнөд Солонгос' },
    type: 'full-time',
    requirements: { en: 'Age 18–39\nEPS-TOPIK', mn: '18–39 нас\nEPS-TOPIK' },
    responsibilities: { en: 'Run machines', mn: 'Машин ажиллуулах' },
    benefits: { en: 'Housing', mn: 'Байр' },
    skills: { en: ['Machine operation', 'Korean'], mn: ['Машин ажиллуулах', 'Солонгос хэл'] },
    deadline: addDays(defaultAgencyToday(), 30),
    status: 'published',
    ...overrides,
  };
}
