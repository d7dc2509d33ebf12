import { useMemo, type ReactNode } from 'react';
import { Alert, Checkbox, Radio, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { COUNTRY_CODES, countryName, countryOptions, POPULAR_DESTINATIONS } from '@aylal/shared/countries';
import {
  passportExpiresSoon,
  VISA_PURPOSES,
  VISA_REQUIRED_FIELDS,
  type VisaField,
  type VisaForm,
  type VisaSection,
} from '@aylal/shared/visa-rules';
import { useLanguage } from '../../../lib/use-language.ts';
import { DateField } from '../../../lib/forms/date-field.tsx';
import { localToday } from '../progress.ts';

/** A name in Latin letters as printed in the passport: typed as capitals, never corrected. */
export const LATIN_NAME_INPUT = {
  autoComplete: 'off',
  autoCapitalize: 'characters',
  spellCheck: false,
} as const;

/** The id of a field's input, for focusing the first problem. */
export const fieldId = (field: string) => `visa-${field.replace(/\./g, '-')}`;

/** Country choices in the reader's language, the popular destinations first. */
export function useCountryOptions() {
  const { t } = useTranslation('visaApplicationForm');
  const language = useLanguage();
  return useMemo(() => {
    const popular = new Set(POPULAR_DESTINATIONS);
    return [
      {
        group: t('editor.popularCountries'),
        items: POPULAR_DESTINATIONS.map((code) => ({ value: code, label: countryName(code, language) })),
      },
      {
        group: t('editor.allCountries'),
        items: countryOptions(
          language,
          COUNTRY_CODES.filter((code) => !popular.has(code)),
        ),
      },
    ];
  }, [language, t]);
}

export interface SectionFieldsProps {
  section: VisaSection;
  form: UseFormReturnType<VisaForm>;
  /** Each field's message, when the person asked to submit and something is missing. */
  errors: Partial<Record<string, string>>;
  /** Fields a new draft took from the profile ("From your profile") or the account. */
  prefilled: Readonly<Record<string, 'profile' | 'account'>>;
  editable: boolean;
  /** The paid processing's price in the reader's currency, or null when it is not offered. */
  processingPrice: string | null;
  /** A field was left: save now. */
  onLeaveField: () => void;
}

/** The applicant's own fields of one section (dependants and documents have their own sections). */
export function SectionFields(props: SectionFieldsProps) {
  const { t } = useTranslation('visaApplicationForm');
  const countries = useCountryOptions();
  const { form, errors } = props;
  const values = form.values;
  const prefilledNote = (source: 'profile' | 'account' | undefined) =>
    source === undefined ? undefined : t(source === 'profile' ? 'editor.fromProfile' : 'editor.fromAccount');

  const input = (field: VisaField) => {
    const given = form.getInputProps(field);
    return {
      ...given,
      id: fieldId(field),
      label: t(`fields.${field}`),
      required: (VISA_REQUIRED_FIELDS as readonly string[]).includes(field),
      description: prefilledNote(props.prefilled[field]),
      error: errors[field],
      readOnly: !props.editable,
      onBlur: (event: unknown) => {
        (given.onBlur as ((event: unknown) => void) | undefined)?.(event);
        props.onLeaveField();
      },
    };
  };

  /** A select's cleared value is '' in the form, as every unanswered field. */
  const select = (field: VisaField) => ({
    ...input(field),
    // Unanswered is null to the select (no clear button on an empty field).
    value: (form.values[field] as string) || null,
    onChange: (value: string | null) => form.setFieldValue(field, value ?? ''),
  });

  const grid = (...children: ReactNode[]) => (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      {children}
    </SimpleGrid>
  );

  switch (props.section) {
    case 'personal':
      return (
        <Stack gap="md">
          {grid(
            <TextInput key="f" autoComplete="given-name" {...input('firstName')} />,
            <TextInput key="l" autoComplete="family-name" {...input('lastName')} />,
            <TextInput
              key="lf"
              {...LATIN_NAME_INPUT}
              {...input('latinFirstName')}
              description={t('editor.latinHint')}
            />,
            <TextInput
              key="ll"
              {...LATIN_NAME_INPUT}
              {...input('latinLastName')}
              description={t('editor.latinHint')}
            />,
            <TextInput key="e" type="email" autoComplete="email" {...input('email')} />,
            <TextInput key="p" type="tel" autoComplete="tel" {...input('phone')} />,
            <DateField key="d" autoComplete="bday" {...input('dateOfBirth')} />,
            <Select
              key="n"
              data={countries}
              searchable
              clearable
              nothingFoundMessage={t('editor.noCountry')}
              placeholder={t('editor.chooseCountry')}
              {...select('nationality')}
            />,
          )}
        </Stack>
      );
    case 'passport': {
      const soon = passportExpiresSoon(values.passportExpiryDate, localToday());
      return (
        <Stack gap="md">
          {grid(
            <TextInput key="n" autoCapitalize="characters" {...input('passportNumber')} />,
            <DateField key="e" {...input('passportExpiryDate')} />,
          )}
          {soon && (
            <Alert color="yellow" icon={<IconAlertTriangle size={18} />} role="status">
              {t('validation.passportExpiresSoon')}
            </Alert>
          )}
        </Stack>
      );
    }
    case 'travel':
      return (
        <Stack gap="md">
          {grid(
            <Select
              key="c"
              data={countries}
              searchable
              clearable
              nothingFoundMessage={t('editor.noCountry')}
              placeholder={t('editor.chooseCountry')}
              {...select('country')}
            />,
            <Select
              key="p"
              data={VISA_PURPOSES.map((purpose) => ({ value: purpose, label: t(`purposes.${purpose}`) }))}
              placeholder={t('editor.choosePurpose')}
              clearable
              {...select('purpose')}
            />,
            <DateField key="in" {...input('entryDate')} />,
            <DateField key="out" min={values.entryDate || undefined} {...input('exitDate')} />,
          )}
          <Textarea autosize minRows={3} {...input('purposeDetails')} />
          <Textarea autosize minRows={2} {...input('previousVisaHistory')} description={t('editor.previousVisaHint')} />
        </Stack>
      );
    case 'background': {
      const record = input('criminalRecord');
      return (
        <Stack gap="md">
          <Radio.Group
            id={record.id}
            label={record.label}
            error={record.error}
            value={values.criminalRecord}
            onChange={(value) => {
              form.setFieldValue('criminalRecord', value);
              props.onLeaveField();
            }}
            readOnly={!props.editable}
          >
            <Stack gap="xs" mt="xs">
              <Radio value="no" label={t('criminalRecord.no')} disabled={!props.editable} />
              <Radio value="yes" label={t('criminalRecord.yes')} disabled={!props.editable} />
            </Stack>
          </Radio.Group>
          {values.criminalRecord === 'yes' && (
            <Textarea autosize minRows={3} {...input('criminalRecordDetails')} required />
          )}
          <Textarea autosize minRows={2} {...input('medicalConditions')} description={t('editor.medicalHint')} />
        </Stack>
      );
    }
    case 'emergency':
      return grid(
        <TextInput key="n" autoComplete="off" {...input('emergencyContactName')} />,
        <TextInput key="p" type="tel" autoComplete="off" {...input('emergencyContactPhone')} />,
      );
    case 'extras':
      return (
        <Stack gap="md">
          <Textarea autosize minRows={3} {...input('additionalNotes')} />
          {props.processingPrice !== null && (
            <Checkbox
              id={fieldId('processing')}
              label={t('editor.processingLabel', { price: props.processingPrice })}
              description={t('editor.processingHint')}
              checked={values.processing}
              disabled={!props.editable}
              onChange={(event) => {
                form.setFieldValue('processing', event.currentTarget.checked);
                props.onLeaveField();
              }}
            />
          )}
        </Stack>
      );
    default:
      return null;
  }
}
