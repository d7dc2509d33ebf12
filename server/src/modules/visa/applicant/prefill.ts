// What a new visa draft takes from the person's profile and account (docs/decisions/016).

import { eq } from 'drizzle-orm';
import { COUNTRY_CODES, countryName } from '@aylal/shared/countries';
import { blankVisaForm, type VisaForm } from '@aylal/shared/schemas/visa';
import type { Tx } from '../../../db/client.ts';
import { users } from '../../../db/schema/auth.ts';
import { profiles } from '../../../db/schema/notifications.ts';

/**
 * The country code a profile's free-text nationality names, in either language ('Mongolia',
 * 'mongolian', 'Монгол', 'MN'); '' when it names none.
 */
export function nationalityCode(nationality: string): string {
  const wanted = nationality.trim().toLocaleLowerCase();
  if (wanted === '') return '';
  const upper = wanted.toUpperCase();
  if (COUNTRY_CODES.includes(upper)) return upper;
  for (const code of COUNTRY_CODES) {
    for (const language of ['en', 'mn'] as const) {
      const name = countryName(code, language).toLocaleLowerCase();
      // The country ('Mongolia') or the word for its people made from it ('Mongolian').
      if (wanted === name || (wanted.startsWith(name) && wanted.length - name.length <= 3)) return code;
    }
  }
  return '';
}

/** What a new draft takes from the person's profile and account, and which fields those are. */
export async function prefill(
  tx: Tx,
  userId: string,
): Promise<{ form: VisaForm; prefilled: string[]; language: 'en' | 'mn' }> {
  const [account] = await tx
    .select({ name: users.name, email: users.email, phone: users.phoneNumber, language: users.language })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  const [profile] = await tx.select().from(profiles).where(eq(profiles.userId, userId)).limit(1);
  const source = (fromProfile: string | null | undefined) => (fromProfile?.trim() ? 'profile' : 'account');
  const fullName = (profile?.fullName || account?.name || '').trim().replace(/\s+/g, ' ');
  const [firstName = '', ...rest] = fullName === '' ? [] : fullName.split(' ');
  const taken: Partial<VisaForm> = {
    firstName: firstName.slice(0, 80),
    lastName: rest.join(' ').slice(0, 80),
    email: (profile?.email || account?.email || '').trim().slice(0, 254),
    phone: (profile?.phone || account?.phone || '').trim().slice(0, 30),
    dateOfBirth: profile?.dateOfBirth ?? '',
    nationality: nationalityCode(profile?.nationality ?? ''),
  };
  const sources: Record<string, 'profile' | 'account'> = {
    firstName: source(profile?.fullName),
    lastName: source(profile?.fullName),
    email: source(profile?.email),
    phone: source(profile?.phone),
    dateOfBirth: 'profile',
    nationality: 'profile',
  };
  // Stored as 'profile:firstName', 'account:email' (mapping.ts reads them back).
  const prefilled = Object.entries(taken)
    .filter(([, value]) => value !== '')
    .map(([field]) => `${sources[field]}:${field}`);
  const language = (profile?.language ?? account?.language ?? 'en') === 'mn' ? 'mn' : 'en';
  return { form: blankVisaForm(taken), prefilled, language };
}
