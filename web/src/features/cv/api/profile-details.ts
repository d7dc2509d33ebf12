import type { Cv } from '@aylal/shared/schemas/cv';
import type { ProfileResponse } from '@aylal/shared/schemas/profile';
import { apiRequest } from '../../../lib/api-client.ts';

/** The profile's details a new CV may start from (name, email, phone, address). */
export async function fetchProfileDetails(): Promise<Pick<Cv, 'fullName' | 'email' | 'phone' | 'address'>> {
  const { profile } = await apiRequest<ProfileResponse>('/api/profile');
  return { fullName: profile.fullName, email: profile.email, phone: profile.phone, address: profile.address };
}
