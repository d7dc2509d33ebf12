import { useMemo, useRef, useState, type FocusEvent } from 'react';
import { Button, Group, NativeSelect, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { core } from 'zod';
import { countryOptions } from '@aylal/shared/countries';
import { EARLIEST_BIRTH, todayUtc } from '@aylal/shared/field-rules';
import {
  blankVisaForm,
  dependantNameKey,
  normalizePassport,
  passportExpiresSoon,
  VISA_RELATIONSHIPS,
  VisaDependantSchema,
  visaProblems,
  type VisaDependant,
  type VisaDependantField,
  type VisaDependantInput,
  type VisaProblem,
} from '@aylal/shared/schemas/visa';
import { ApiRequestError, errorMessage } from '../../../lib/api-client.ts';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid.ts';
import { DateField } from '../../../lib/forms/date-field.tsx';
import type { FormSchema } from '../../../lib/forms/resolver.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { useAddDependant, useUpdateDependant } from '../api/dependants.ts';
import { fieldId, LATIN_NAME_INPUT } from './visa-fields.tsx';

type Values = VisaDependantInput;

const EMPTY: Values = {
  firstName: '',
  lastName: '',
  latinFirstName: '',
  latinLastName: '',
  relationship: '' as Values['relationship'],
  dateOfBirth: '',
  nationality: '',
  passportNumber: '',
  passportExpiryDate: '',
};

/** The form's own words for every refusal of the schema (`visaApplicationForm:validation`). */
const MESSAGES = {
  'firstName:too_small': 'visaApplicationForm:validation.firstName',
  'firstName:too_big': 'visaApplicationForm:validation.tooLong',
  'firstName:custom': 'visaApplicationForm:validation.duplicateDependant',
  'lastName:too_small': 'visaApplicationForm:validation.lastName',
  'lastName:too_big': 'visaApplicationForm:validation.tooLong',
  'lastName:custom': 'visaApplicationForm:validation.dependantIsApplicant',
  relationship: 'visaApplicationForm:validation.relationship',
  dateOfBirth: 'visaApplicationForm:validation.dateInvalid',
  nationality: 'visaApplicationForm:validation.countryInvalid',
  passportNumber: 'visaApplicationForm:validation.tooLong',
  passportExpiryDate: 'visaApplicationForm:validation.dateInvalid',
};

/** A dependant's values as the form holds them (every field a string). */
export function dependantValues(dependant: VisaDependant | null): Values {
  if (!dependant) return { ...EMPTY };
  const { id: _id, updatedAt: _updatedAt, ...values } = dependant;
  return values;
}

/**
 * The shared schema, and one more rule only this application knows: the name of another of its
 * dependants, or the applicant's own (`dependantNameKey`: case and spaces ignored), is refused at
 * the first name.
 */
function withUniqueName(taken: () => ReadonlySet<string>, applicant: () => ReadonlySet<string>): FormSchema {
  return {
    safeParse(values: unknown) {
      const result = VisaDependantSchema.safeParse(values);
      const issues: core.$ZodIssue[] = result.success ? [] : [...result.error.issues];
      const { firstName = '', lastName = '' } = (values ?? {}) as Partial<Values>;
      const key = dependantNameKey(firstName, lastName);
      if (firstName.trim() && lastName.trim() && applicant().has(key)) {
        issues.push({ code: 'custom', path: ['lastName'], message: 'applicant', input: lastName });
      } else if (firstName.trim() && lastName.trim() && taken().has(key)) {
        issues.push({ code: 'custom', path: ['firstName'], message: 'duplicate', input: firstName });
      }
      return issues.length ? { success: false, error: { issues } } : { success: true };
    },
  };
}

/** Names of the whole list of countries in the reader's language, alphabetical in it. */
function useCountryOptions() {
  const language = useLanguage();
  return useMemo(() => countryOptions(language), [language]);
}

/**
 * Adding one dependant (`dependant` null), or editing one: its names and relationship are needed
 * to keep it, the rest may follow. An edit is saved when a field is left, and with Save; the
 * submit's problems for this dependant (`problems`, paths as `firstName`) stand at their fields
 * until the field is changed.
 */
export function DependantForm(props: {
  applicationId: string;
  dependant: VisaDependant | null;
  /** The name keys of the application's other dependants. */
  otherNames: readonly string[];
  /** The applicant's own name key: not theirs to add as a dependant. */
  applicantName: string;
  problems: readonly VisaProblem[];
  /** After adding, or Done / Cancel; the dependant as saved when there is one. */
  onClose: (saved?: VisaDependant) => void;
}) {
  const { t } = useTranslation('visaApplicationForm');
  const countries = useCountryOptions();
  const add = useAddDependant(props.applicationId);
  const update = useUpdateDependant(props.applicationId);
  const editing = props.dependant !== null;
  // Names refused by the server too (another device added one meanwhile): known from then on.
  const refusedNames = useRef(new Set<string>());
  const otherNames = useRef(props.otherNames);
  otherNames.current = props.otherNames;
  const applicantName = useRef(props.applicantName);
  applicantName.current = props.applicantName;
  // The applicant's name as the server knows it (saved on another device), once it said so.
  const refusedAsApplicant = useRef(new Set<string>());
  const schema = useMemo(
    () =>
      withUniqueName(
        () => new Set([...otherNames.current, ...refusedNames.current]),
        () => new Set([applicantName.current, ...refusedAsApplicant.current]),
      ),
    [],
  );
  const initial = useMemo(() => dependantValues(props.dependant), [props.dependant?.id]); // eslint-disable-line react-hooks/exhaustive-deps
  const { form, onSubmit, showServerErrors } = useSchemaForm<Values>({
    schema,
    limits: VisaDependantSchema,
    initialValues: initial,
    messages: MESSAGES,
  });
  // What the server holds (the values last saved), and a save under way.
  const [saved, setSaved] = useState(() => JSON.stringify(initial));
  const sending = useRef<{ json: string; done: Promise<VisaDependant | null> } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [savedNow, setSavedNow] = useState(false);
  const values = form.values;
  const today = todayUtc();

  /** Sends the values (once for the same values, however often asked); null when it failed. */
  function send(toSend: Values): Promise<VisaDependant | null> {
    const clean = { ...toSend, passportNumber: normalizePassport(toSend.passportNumber) };
    const json = JSON.stringify(toSend);
    if (sending.current?.json === json) return sending.current.done;
    setProblem(null);
    setSavedNow(false);
    const request = editing ? update.mutateAsync({ id: props.dependant!.id, values: clean }) : add.mutateAsync(clean);
    const done = request.then(
      (result) => {
        setSaved(json);
        setSavedNow(true);
        return result;
      },
      (failure: unknown) => {
        if (failure instanceof ApiRequestError && failure.code === 'DEPENDANT_IS_APPLICANT') {
          // The applicant's name as saved on another device: known from then on.
          refusedAsApplicant.current.add(dependantNameKey(toSend.firstName, toSend.lastName));
          form.validate();
          focusFirstInvalid();
        } else if (failure instanceof ApiRequestError && failure.code === 'DEPENDANT_EXISTS') {
          refusedNames.current.add(dependantNameKey(toSend.firstName, toSend.lastName));
          form.validate();
          focusFirstInvalid();
        } else if (!showServerErrors(failure)) {
          setProblem(
            failure instanceof ApiRequestError && failure.code === 'TOO_MANY_DEPENDANTS'
              ? errorMessage(failure)
              : `${t('dependants.saveFailed')} ${failure instanceof ApiRequestError && failure.code !== 'NETWORK' && failure.code !== 'INTERNAL' ? errorMessage(failure) : ''}`.trim(),
          );
        }
        return null;
      },
    );
    sending.current = { json, done };
    void done.finally(() => {
      if (sending.current?.done === done) sending.current = null;
    });
    return done;
  }

  const submit = onSubmit(async (valid) => {
    const result = JSON.stringify(valid) === saved && editing ? props.dependant : await send(valid);
    if (result) props.onClose(result);
  });

  /** Leaving a field of a kept dependant saves what changed, when it may be kept. */
  const saveOnLeave = (event: FocusEvent<HTMLElement>) => {
    if (!editing || event.currentTarget.contains(event.relatedTarget as Node | null)) return;
    const current = form.getValues();
    if (JSON.stringify(current) === saved) return;
    if (!form.validate().hasErrors) void send(current);
  };

  // The submit's problems at this dependant's fields, while the field still holds what was refused.
  const savedValues = props.dependant ? dependantValues(props.dependant) : null;
  const submitProblem = (field: VisaDependantField) => {
    const found = props.problems.find((item) => item.path === field);
    if (!found || !savedValues || values[field] !== savedValues[field]) return undefined;
    return t(`validation.${found.message}`);
  };
  // Dates that cannot be right are said at once (the same rules as the applicant's).
  const plausibility = visaProblems(blankVisaForm(), [{ ...values, id: 'this' }], today).filter(
    (item) => item.message !== item.path.split('.').pop(),
  );
  const datesProblem = (field: VisaDependantField) => {
    const found = plausibility.find((item) => item.path === `dependants.this.${field}`);
    return found ? t(`validation.${found.message}`) : undefined;
  };
  const field = (name: VisaDependantField) => {
    const input = form.getInputProps(name);
    const error = (input.error as string | undefined) ?? datesProblem(name) ?? submitProblem(name);
    // The id the editor focuses for a submit's problem at `dependants.<id>.<field>`.
    const id = props.dependant ? { id: fieldId(`dependants.${props.dependant.id}.${name}`) } : {};
    return { ...input, ...id, error };
  };
  const expiresSoon = passportExpiresSoon(values.passportExpiryDate, today);
  const busy = add.isPending || update.isPending;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm" onBlur={saveOnLeave}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
          <TextInput
            label={t('fields.firstName')}
            required
            autoComplete="off"
            data-autofocus={editing ? undefined : true}
            {...field('firstName')}
          />
          <TextInput label={t('fields.lastName')} required autoComplete="off" {...field('lastName')} />
          <TextInput
            label={t('fields.latinFirstName')}
            description={t('editor.latinHint')}
            {...LATIN_NAME_INPUT}
            {...field('latinFirstName')}
          />
          <TextInput
            label={t('fields.latinLastName')}
            description={t('editor.latinHint')}
            {...LATIN_NAME_INPUT}
            {...field('latinLastName')}
          />
          <NativeSelect
            label={t('fields.relationship')}
            required
            data={[
              { value: '', label: t('dependants.choose') },
              ...VISA_RELATIONSHIPS.map((value) => ({ value, label: t(`relationships.${value}`) })),
            ]}
            {...field('relationship')}
          />
          <DateField label={t('fields.dateOfBirth')} min={EARLIEST_BIRTH} max={today} {...field('dateOfBirth')} />
          <Select
            label={t('fields.nationality')}
            placeholder={t('dependants.countryPlaceholder')}
            data={countries}
            searchable
            clearable
            nothingFoundMessage={t('dependants.noCountry')}
            comboboxProps={{ withinPortal: true }}
            {...field('nationality')}
            value={values.nationality || null}
            onChange={(value) => form.setFieldValue('nationality', value ?? '')}
          />
          <TextInput
            label={t('fields.passportNumber')}
            description={t('dependants.passportHint')}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            {...field('passportNumber')}
          />
          <DateField
            label={t('fields.passportExpiryDate')}
            min={today}
            max="9999-12-31"
            {...field('passportExpiryDate')}
          />
        </SimpleGrid>
        {expiresSoon && !field('passportExpiryDate').error && (
          <Text size="sm" c="orange.9" role="status">
            {t('validation.passportExpiresSoon')}
          </Text>
        )}
        {problem && (
          <Text size="sm" c="red.8" fw={600} role="alert">
            {problem}
          </Text>
        )}
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed" aria-live="polite">
            {editing &&
              (busy
                ? t('dependants.saving')
                : savedNow && JSON.stringify(values) === saved
                  ? t('dependants.saved')
                  : '')}
          </Text>
          <Group gap="sm">
            <Button variant="default" onClick={() => props.onClose()} disabled={!editing && busy}>
              {editing ? t('dependants.close') : t('dependants.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {editing ? t('dependants.save') : t('dependants.addConfirm')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

/** A dependant's age in whole years on `today` (both YYYY-MM-DD). */
export function ageOn(dateOfBirth: string, today: string): number | null {
  if (!dateOfBirth || dateOfBirth > today) return null;
  const [year, month, day] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [nowYear, nowMonth, nowDay] = today.split('-').map(Number) as [number, number, number];
  return nowYear - year - (nowMonth < month || (nowMonth === month && nowDay < day) ? 1 : 0);
}
