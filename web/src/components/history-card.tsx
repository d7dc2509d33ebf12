import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@aylal/shared/dates';
import type { Language } from '@aylal/shared/i18n';
import { formatPrice } from '@aylal/shared/money';
import { formatDateTimeInZone } from '@aylal/shared/zone-name';
import {
  AUDIT_DATE_FIELDS,
  AUDIT_MONEY_FIELDS,
  auditFieldName,
  type AuditEntity,
  type AuditFieldChange,
} from '@aylal/shared/audit-rules';
import type { HistoryEntry } from '@aylal/shared/schemas/audit';
import { useAgencyTimeZone } from '../lib/agency-zone.ts';
import { useHistory } from '../lib/history.ts';
import { timeAgo } from '../lib/time-ago.ts';
import { useLanguage } from '../lib/use-language.ts';

type AdminT = TFunction<'admin'>;

/** A field's name in the reader's language: "price", "title (English)". */
function fieldLabel(field: string, t: AdminT): string {
  const { name, language } = auditFieldName(field);
  const label = t(`history.fields.${name}` as 'history.fields.title', { defaultValue: name });
  return language
    ? t('history.fieldIn', { field: label, language: t(`history.languages.${language as 'en' | 'mn'}`) })
    : label;
}

const isEmpty = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/** A line as a sentence: a capital first letter, whichever word the language puts first. */
const sentence = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/** A value as the reader reads it: money and days formatted for their language, states translated. */
export function formatHistoryValue(field: string, value: unknown, t: AdminT, language: Language): string {
  const { name } = auditFieldName(field);
  if (isEmpty(value)) return t('history.emptyValue');
  if (AUDIT_MONEY_FIELDS.includes(name) && typeof value === 'number') {
    // formatPrice leaves a price of 0 unwritten (a trip without one); here it is a value like any other.
    return formatPrice(value, 'USD', language) ?? '$0';
  }
  if (AUDIT_DATE_FIELDS.includes(name)) {
    const days = Array.isArray(value) ? value : [value];
    return days.map((day) => formatDate(String(day), language, { timeZone: 'UTC' })).join(', ');
  }
  if (name === 'weekdays' && Array.isArray(value)) {
    return value.map((day) => t(`history.weekdays.${day}` as 'history.weekdays.1')).join(', ');
  }
  if (Array.isArray(value)) return value.map(String).join(', ');
  if (typeof value === 'string') {
    return t(`history.values.${value}` as 'history.values.draft', { defaultValue: value });
  }
  return String(value);
}

/**
 * The sentences a changed field reads as: "Price changed from $1,200 to $1,350.", "Deadline set to
 * 10 May 2027."; for a list, what was added and what was removed ("Added 1 Sept 2027 to departure
 * dates."); without values, "Description changed."; who handles a conversation, "Now handled by Ann.".
 */
export function describeChange(field: string, change: AuditFieldChange, t: AdminT, language: Language): string[] {
  const label = fieldLabel(field, t);
  if (!('from' in change) && !('to' in change)) return [sentence(t('history.changed', { field: label }))];
  const { from, to } = change;
  const value = (of: unknown) => formatHistoryValue(field, of, t, language);
  if (Array.isArray(from) && Array.isArray(to)) {
    const key = (item: unknown) => JSON.stringify(item);
    const before = new Set(from.map(key));
    const after = new Set(to.map(key));
    const added = to.filter((item) => !before.has(key(item)));
    const removed = from.filter((item) => !after.has(key(item)));
    if (added.length || removed.length) {
      return [
        ...(added.length ? [t('history.added', { field: label, values: value(added) })] : []),
        ...(removed.length ? [t('history.removed', { field: label, values: value(removed) })] : []),
      ].map(sentence);
    }
  }
  const values = { field: label, from: value(from), to: value(to) };
  const kind = isEmpty(from) ? 'Set' : isEmpty(to) ? 'Cleared' : 'Changed';
  if (auditFieldName(field).name === 'assignee') return [sentence(t(`history.assignee${kind}`, values))];
  const plain = { Set: 'history.set', Cleared: 'history.cleared', Changed: 'history.changedFromTo' } as const;
  return [sentence(t(plain[kind], values))];
}

function HistoryItem({
  entry,
  t,
  language,
  timeZone,
}: {
  entry: HistoryEntry;
  t: AdminT;
  language: Language;
  timeZone: string;
}) {
  const actor = entry.actor?.name || t('history.someone');
  const changes = Object.entries(entry.changes);
  return (
    <Stack gap={2} component="li">
      <Text size="sm" fw={600}>
        {t(`history.actions.${entry.action}` as 'history.actions.other', {
          actor,
          defaultValue: t('history.actions.other', { actor }),
        })}
        <Text span size="xs" c="dimmed" fw={400}>
          {' · '}
          <time dateTime={entry.createdAt} title={formatDateTimeInZone(entry.createdAt, language, timeZone)}>
            {timeAgo(entry.createdAt, language, { justNow: t('history.justNow') })}
          </time>
        </Text>
      </Text>
      {changes.flatMap(([field, change]) =>
        describeChange(field, change, t, language).map((line, index) => (
          <Text key={`${field}-${index}`} size="sm">
            {line}
          </Text>
        )),
      )}
    </Stack>
  );
}

/**
 * A record's history in the back office (docs/decisions/018): who changed what and when, newest
 * first, ten at a time. One component for every record: trips, jobs, applications, settings, users.
 */
export function HistoryCard({ entity, id, bare = false }: { entity: AuditEntity; id: string; bare?: boolean }) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const timeZone = useAgencyTimeZone();
  const history = useHistory(entity, id);
  const entries = history.data?.pages.flatMap((page) => page.items) ?? [];

  const body = history.isPending ? (
    <Text size="sm" c="dimmed">
      …
    </Text>
  ) : history.isError ? (
    <Group gap="xs" role="alert">
      <Text size="sm">{t('history.loadFailed')}</Text>
      <Button size="xs" variant="default" onClick={() => void history.refetch()}>
        {t('history.retry')}
      </Button>
    </Group>
  ) : entries.length === 0 ? (
    <Text size="sm" c="dimmed">
      {t('history.empty')}
    </Text>
  ) : (
    <Stack gap="sm" component="ol" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {entries.map((entry) => (
        <HistoryItem key={entry.id} entry={entry} t={t} language={language} timeZone={timeZone} />
      ))}
    </Stack>
  );

  const more = history.hasNextPage && (
    <Group>
      <Button
        size="xs"
        variant="subtle"
        loading={history.isFetchingNextPage}
        onClick={() => void history.fetchNextPage()}
      >
        {t('history.more')}
      </Button>
    </Group>
  );

  if (bare) {
    return (
      <Stack gap="sm">
        {body}
        {more}
      </Stack>
    );
  }
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={`history-${entity}-${id}`}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={`history-${entity}-${id}`}>
          {t('history.title')}
        </Title>
        {body}
        {more}
      </Stack>
    </Paper>
  );
}
