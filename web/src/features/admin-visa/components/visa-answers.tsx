import { useState, type ReactNode } from 'react';
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconEye, IconEyeOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { countryName } from '@aylal/shared/countries';
import { formatDate } from '@aylal/shared/dates';
import type { Language } from '@aylal/shared/i18n';
import { formatPrice } from '@aylal/shared/money';
import type { VisaPassports } from '@aylal/shared/schemas/second-factor';
import type { AdminVisaDetail, VisaDependant } from '@aylal/shared/schemas/visa';
import {
  VISA_DEPENDANT_FIELDS,
  VISA_FIELD_SECTION,
  VISA_FIELDS,
  VISA_SECTIONS,
  type VisaField,
  type VisaSection,
} from '@aylal/shared/visa-rules';
import { loadNamespaces } from '../../../lib/i18n.ts';
import { useFreshSignIn } from '../../../lib/use-fresh-sign-in.tsx';
import { useLanguage } from '../../../lib/use-language.ts';
import { fetchVisaPassports, useRefreshAccessLog } from '../api/admin-visa.ts';
import { ApplicationDocuments, type FollowLink } from './application-documents.tsx';

// The passports' Show and the "confirm it is you" dialog speak the second factor's words.
await loadNamespaces(['secondFactor']);

/**
 * A passport number as staff first see it, masked to its last four (docs/decisions/023), and the
 * button that shows every passport number of the application whole (a fresh sign-in, asked for
 * when the last one is older than 15 minutes) or hides them again.
 */
function PassportNumber(props: { masked: string; whole: string | undefined; onToggle: () => void; busy: boolean }) {
  const { t } = useTranslation('secondFactor');
  const shown = props.whole !== undefined;
  return (
    <Group gap="xs" wrap="nowrap" component="span">
      <Text span ff="monospace" size="sm" data-testid="passport-number">
        {shown ? props.whole : props.masked}
      </Text>
      {props.masked !== '' && (
        <Button
          size="compact-xs"
          variant="subtle"
          loading={props.busy}
          onClick={props.onToggle}
          aria-label={t(shown ? 'passport.hideLabel' : 'passport.showLabel')}
          aria-pressed={shown}
          leftSection={shown ? <IconEyeOff size={14} aria-hidden /> : <IconEye size={14} aria-hidden />}
        >
          {t(shown ? 'passport.hide' : 'passport.show')}
        </Button>
      )}
    </Group>
  );
}

const DAY_FIELDS: readonly string[] = ['dateOfBirth', 'passportExpiryDate', 'entryDate', 'exitDate'];
const COUNTRY_FIELDS: readonly string[] = ['nationality', 'country'];

/** One answer as staff read it: days, countries and choices in the reader's words; '' is "Not answered". */
function useAnswer() {
  const { t } = useTranslation('visaApplicationForm');
  const language = useLanguage();
  return (field: string, value: string): ReactNode => {
    if (value.trim() === '')
      return (
        <Text span size="sm" c="dimmed" fs="italic">
          {t('pdf.notAnswered')}
        </Text>
      );
    if (DAY_FIELDS.includes(field)) return formatDate(value, language, { timeZone: 'UTC' });
    if (COUNTRY_FIELDS.includes(field)) return `${countryName(value, language)} (${value})`;
    if (field === 'purpose') return t(`purposes.${value as 'tourism'}`, { defaultValue: value });
    if (field === 'criminalRecord') return t(`criminalRecord.${value as 'no'}`, { defaultValue: value });
    if (field === 'relationship') return t(`relationships.${value as 'spouse'}`, { defaultValue: value });
    return value;
  };
}

/** Label and answer pairs: two columns on a wide screen, one on a phone; long answers keep their lines. */
function Answers({ rows }: { rows: { label: string; value: ReactNode; mono?: boolean }[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm" component="dl" m={0}>
      {rows.map((row) => (
        <Stack key={row.label} gap={0}>
          <Text component="dt" size="xs" c="dimmed" fw={500}>
            {row.label}
          </Text>
          <Text
            component="dd"
            size="sm"
            m={0}
            ff={row.mono ? 'monospace' : undefined}
            className="pre-line break-anywhere"
          >
            {row.value}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}

function SectionCard({ section, children }: { section: VisaSection; children: ReactNode }) {
  const { t } = useTranslation('visaApplicationForm');
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={`visa-section-${section}`}>
      <Stack gap="md">
        <Title order={2} size="h4" id={`visa-section-${section}`}>
          {t(`sections.${section}`)}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * Every answer of an application, by the form's sections: the dependants, the documents; the
 * passport numbers masked until Show, and the files, on a fresh sign-in.
 */
export function VisaAnswers({ data }: { data: AdminVisaDetail }) {
  const { t } = useTranslation(['visaApplicationForm', 'admin']);
  const language = useLanguage();
  const answer = useAnswer();
  const fresh = useFreshSignIn();
  // Each look is recorded (docs/decisions/027): the card that lists them follows.
  const accessLog = useRefreshAccessLog(data.id);
  const [passports, setPassports] = useState<VisaPassports | null>(null);
  const [revealing, setRevealing] = useState(false);
  async function togglePassports() {
    if (passports) return setPassports(null);
    setRevealing(true);
    try {
      const shown = await fresh.run(() => fetchVisaPassports(data.id));
      setPassports(shown ?? null);
      if (shown) accessLog.refresh();
    } finally {
      setRevealing(false);
    }
  }
  const followLink: FollowLink = (event) => {
    fresh.guardLink(event);
    accessLog.refreshAfterLink();
  };
  const passportOf = (masked: string, whole: string | undefined) => (
    <PassportNumber masked={masked} whole={whole} busy={revealing} onToggle={() => void togglePassports()} />
  );
  const fieldsOf = (section: VisaSection) => VISA_FIELDS.filter((field) => VISA_FIELD_SECTION[field] === section);
  const rowsOf = (fields: readonly VisaField[]) =>
    fields
      // Details of a record are asked only when one is declared.
      .filter((field) => field !== 'criminalRecordDetails' || data.form.criminalRecord === 'yes')
      .map((field) => ({
        label: t(`fields.${field}`),
        value:
          field === 'passportNumber' && data.form.passportNumber !== ''
            ? passportOf(data.form.passportNumber, passports?.applicant)
            : answer(field, data.form[field]),
        mono: field === 'passportNumber',
      }));

  return (
    <Stack gap="md">
      {VISA_SECTIONS.map((section) => {
        if (section === 'dependants')
          return (
            <SectionCard key={section} section={section}>
              <Dependants
                dependants={data.dependantList}
                passport={(dependant) =>
                  passportOf(
                    dependant.passportNumber,
                    passports?.dependants.find((entry) => entry.id === dependant.id)?.passportNumber,
                  )
                }
              />
            </SectionCard>
          );
        if (section === 'documents')
          return (
            <SectionCard key={section} section={section}>
              <ApplicationDocuments data={data} followLink={followLink} />
            </SectionCard>
          );
        const rows = rowsOf(fieldsOf(section));
        if (section === 'extras')
          rows.push({
            label: t('fields.processing'),
            value: processingText(data, language, t),
            mono: false,
          });
        return (
          <SectionCard key={section} section={section}>
            <Answers rows={rows} />
          </SectionCard>
        );
      })}
      {fresh.dialog}
    </Stack>
  );
}

function processingText(
  data: AdminVisaDetail,
  language: Language,
  t: ReturnType<typeof useTranslation<'visaApplicationForm'>>['t'],
): string {
  if (!data.form.processing) return t('pdf.processingNotChosen');
  const usd = data.payment?.amountUsd ?? data.processingPriceUsd;
  const price = [formatPrice(usd, 'USD', language), formatPrice(usd, 'MNT', language)].filter(Boolean).join(' · ');
  return price ? t('pdf.processingChosen', { price }) : t('pdf.yes');
}

function Dependants({
  dependants,
  passport,
}: {
  dependants: VisaDependant[];
  passport: (dependant: VisaDependant) => ReactNode;
}) {
  const { t } = useTranslation(['visaApplicationForm', 'admin']);
  const answer = useAnswer();
  if (dependants.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('pdf.noDependants')}
      </Text>
    );
  return (
    <Stack gap="lg">
      {dependants.map((dependant, index) => (
        <Stack key={dependant.id} gap="xs">
          <Text fw={600} size="sm">
            {t('pdf.dependant', { number: index + 1 })}: {dependant.firstName} {dependant.lastName}
          </Text>
          <Answers
            // The name is the block's title; every other answer of the form is a row.
            rows={VISA_DEPENDANT_FIELDS.filter((field) => field !== 'firstName' && field !== 'lastName').map(
              (field) => ({
                label: t(`fields.${field}`),
                value:
                  field === 'passportNumber' && dependant.passportNumber !== ''
                    ? passport(dependant)
                    : answer(field, dependant[field]),
                mono: field === 'passportNumber',
              }),
            )}
          />
        </Stack>
      ))}
    </Stack>
  );
}
