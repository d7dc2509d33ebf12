import type { SessionUser } from '@aylal/shared/schemas/auth';
import { useLanguage } from '../../../lib/use-language.ts';
import { blankProfile, type ProfileResponse } from '@aylal/shared/schemas/profile';
import { ProfileForm } from './profile-form.tsx';

/** The form, from the saved profile or, before the first save, what the account knows. */
export function ProfileEditor({ saved, user }: { saved: ProfileResponse | null; user: SessionUser }) {
  const language = useLanguage();
  const initial =
    saved?.profile ??
    blankProfile({
      fullName: user.name,
      email: user.email,
      phone: user.phoneNumber ?? '',
      language,
    });
  return <ProfileForm initial={initial} exists={saved !== null} />;
}
