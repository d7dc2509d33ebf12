import { useState } from 'react';
import { Button, Group, NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@aylal/shared/i18n';
import { latestBirthDate, PROFILE_EARLIEST_BIRTH, ProfileSchema, type Profile } from '@aylal/shared/schemas/profile';
import { FirstSteps, focusField } from '../../../components/first-steps.tsx';
import { notifySuccess } from '../../../components/notify.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { DateField } from '../../../lib/forms/date-field.tsx';
import { useLeaveGuard } from '../../../lib/forms/leave-guard.tsx';
import { SaveBar } from '../../../lib/forms/save-bar.tsx';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { useSaveProfile } from '../api/profile.ts';
import { ProfileSection } from '../components/profile-section.tsx';
import { NotificationSettings } from './notification-settings.tsx';

/** Where "Fill in my profile" takes the keyboard. */
const FIRST_FIELD = 'profile-full-name';

/**
 * The profile (spec section 3): personal details, contact, about, social links and what to be
 * told about. Checked with the schema the server uses; saving the first time creates it.
 */
export function ProfileForm(props: { initial: Profile; exists: boolean }) {
  const { t, i18n } = useTranslation('profile');
  const save = useSaveProfile();
  const [exists, setExists] = useState(props.exists);
  const [problem, setProblem] = useState<string | null>(null);
  const { form, onSubmit, showServerErrors, reset } = useSchemaForm({
    schema: ProfileSchema,
    initialValues: props.initial,
  });
  // A switch turned on and the bell tapped: asked first, not lost (as the trip, job and CV forms).
  const leaveGuard = useLeaveGuard(form.isDirty());

  const submit = onSubmit(async (profile) => {
    setProblem(null);
    try {
      const saved = await save.mutateAsync(profile);
      reset(saved.profile);
      setExists(true);
      // Said in the language the person just chose for us to use with them.
      notifySuccess(i18n.getFixedT(saved.profile.language, 'profile')('messages.saved'));
    } catch (failure) {
      if (!showServerErrors(failure)) setProblem(errorMessage(failure));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      {leaveGuard.modal}
      <Stack gap="lg">
        {!exists && (
          <FirstSteps
            icon={<IconUserCircle size={26} />}
            title={t('welcome.title')}
            body={t('welcome.body')}
            action={<Button onClick={() => focusField(FIRST_FIELD)}>{t('welcome.start')}</Button>}
          />
        )}

        <ProfileSection id="profile-personal" title={t('sections.personal')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              id={FIRST_FIELD}
              label={t('fields.fullName')}
              required
              autoComplete="name"
              {...form.getInputProps('fullName')}
            />
            <DateField
              label={t('fields.dateOfBirth')}
              autoComplete="bday"
              min={PROFILE_EARLIEST_BIRTH}
              max={latestBirthDate()}
              {...form.getInputProps('dateOfBirth')}
            />
            <TextInput
              label={t('fields.nationality')}
              autoComplete="country-name"
              {...form.getInputProps('nationality')}
            />
            <NativeSelect
              label={t('fields.language')}
              description={t('hints.language')}
              data={LANGUAGES.map((language) => ({ value: language, label: t(`languages.${language}`) }))}
              {...form.getInputProps('language')}
            />
          </SimpleGrid>
        </ProfileSection>

        <ProfileSection id="profile-contact" title={t('sections.contact')}>
          <TextInput
            label={t('fields.email')}
            description={t('hints.email')}
            required
            type="email"
            autoComplete="email"
            {...form.getInputProps('email')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('fields.phone')}
              description={t('hints.phone')}
              type="tel"
              autoComplete="tel"
              {...form.getInputProps('phone')}
            />
            <TextInput
              label={t('fields.secondaryPhone')}
              description={t('hints.phone')}
              type="tel"
              {...form.getInputProps('secondaryPhone')}
            />
          </SimpleGrid>
          <TextInput label={t('fields.address')} autoComplete="street-address" {...form.getInputProps('address')} />
        </ProfileSection>

        <ProfileSection id="profile-about" title={t('sections.about')}>
          <Textarea
            label={t('fields.bio')}
            autosize
            minRows={3}
            description={`${form.values.bio.length} / 1000`}
            {...form.getInputProps('bio')}
          />
        </ProfileSection>

        <ProfileSection id="profile-social" title={t('sections.social')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {(['linkedin', 'github', 'website', 'twitter'] as const).map((site) => (
              <TextInput
                key={site}
                label={t(`fields.${site}`)}
                placeholder={t(`hints.${site}`)}
                type="url"
                inputMode="url"
                autoComplete="url"
                {...form.getInputProps(site)}
              />
            ))}
          </SimpleGrid>
        </ProfileSection>

        <NotificationSettings form={form} />

        <SaveBar notice={problem}>
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} fullWidth={false}>
              {t('save')}
            </Button>
          </Group>
        </SaveBar>
      </Stack>
    </form>
  );
}
