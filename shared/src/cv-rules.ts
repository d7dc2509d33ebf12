// Zod-free, so the web may take values from it (the schemas stay in cv.ts).
import type { Cv } from './schemas/cv.ts';

/** A CV with nothing in it but what is given: the editor's starting point, and tests'. */
export function blankCv(fields: Partial<Cv> = {}): Cv {
  return {
    fullName: '',
    title: '',
    email: '',
    phone: '',
    address: '',
    summary: '',
    experience: [],
    education: [],
    skills: [],
    languages: [],
    ...fields,
  };
}
