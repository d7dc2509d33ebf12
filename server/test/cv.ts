import type { Cv } from '@aylal/shared/schemas/cv';
import { blankCv } from '@aylal/shared/cv-rules';

/** The least a CV may hold: a name and an address, every list empty. */
export function minimalCv(overrides: Partial<Cv> = {}): Cv {
  return blankCv({ fullName: 'Solongo Erdene', email: 'solongo@example.com', ...overrides });
}
