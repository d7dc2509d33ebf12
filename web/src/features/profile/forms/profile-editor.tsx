import { useTranslation } from 'react-i18next';
import { isLanguage } from '@aylal/shared/i18n';
import type { SessionUser } from '@aylal/shared/schemas/auth';
import { blankProfile, type ProfileResponse } from '@aylal/shared/schemas/profile';
import { ProfileForm } from './profile-form.tsx';

/** The form, from the saved profile or, before the first save, what the account knows. */
export function ProfileEditor({ saved, user }: { saved: ProfileResponse | null; user: SessionUser }) {
  const { i18n } = useTranslation();
  const initial =
    saved?.profile ??
    blankProfile({
      fullName: user.name,
      email: user.email,
      phone: user.phoneNumber ?? '',
      language: isLanguage(i18n.language) ? i18n.language : 'en',
    });
  return <ProfileForm initial={initial} exists={saved !== null} />;
}
