import type { JobInput } from '@aylal/shared/schemas/jobs';
import { addDays } from '../src/db/seeds/synthetic-jobs.ts';
import { agencyToday } from '@aylal/shared/job-rules';

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
    deadline: addDays(agencyToday(), 30),
    status: 'published',
    ...overrides,
  };
}
