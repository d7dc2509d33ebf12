import { useState } from 'react';
import { Alert, Button, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  ADMIN_CONSULTATION_SORTS,
  CONSULTATION_STATES,
  type ConsultationState,
} from '@aylal/shared/consultation-rules';
import { pickText } from '@aylal/shared/trip-rules';
import { AdminTable, TableFooter } from '../../../components/admin-table-parts.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useAdminConsultations, useTripChoices } from '../api/admin-consultations.ts';
import { ConsultationDrawer } from './consultation-drawer.tsx';
import { formatSlot } from '@aylal/shared/dates';
import { StateBadge } from './state-badge.tsx';
import { useLanguage } from '../../../lib/use-language.ts';

const PAGE_SIZE = 20;
type Sort = (typeof ADMIN_CONSULTATION_SORTS)[number];

/** Every consultation: filters by state, dates, trip and traveller; each opens with its actions. */
export function ConsultationsTable() {
  const { t } = useTranslation(['admin', 'tripsList', 'common']);
  const language = useLanguage();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [state, setState] = useState<ConsultationState | ''>('');
  const [tripId, setTripId] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [sort, setSort] = useState<Sort>('starts-asc');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const badRange = Boolean(from && to && from > to);
  const consultations = useAdminConsultations({
    q: q || undefined,
    state: state || undefined,
    tripId: tripId || undefined,
    from: from || undefined,
    to: badRange ? undefined : to || undefined,
    sort,
    page,
    pageSize: PAGE_SIZE,
  });
  const trips = useTripChoices();
  const pages = Math.max(1, Math.ceil((consultations.data?.total ?? 0) / PAGE_SIZE));
  const reset =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };
  const any = { value: '', label: t('tripsList:any') };

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end">
        <TextInput
          label={t('common:search')}
          placeholder={t('consultations.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => reset(setSearch)(event.currentTarget.value)}
          maxLength={200}
          style={{ flex: 1, minWidth: 200 }}
        />
        <Select
          label={t('consultations.columns.state')}
          w={190}
          allowDeselect={false}
          value={state}
          onChange={(value) => reset(setState)((value ?? '') as ConsultationState | '')}
          data={[any, ...CONSULTATION_STATES.map((value) => ({ value, label: t(`consultations.states.${value}`) }))]}
        />
        <Select
          label={t('consultations.columns.trip')}
          w={240}
          searchable
          allowDeselect={false}
          value={tripId}
          onChange={(value) => reset(setTripId)(value ?? '')}
          data={[
            any,
            ...(trips.data?.items ?? []).map((trip) => ({ value: trip.id, label: pickText(trip.title, language) })),
          ]}
        />
        <TextInput
          type="date"
          label={t('consultations.from')}
          description={t('consultations.agencyDates')}
          w={160}
          value={from}
          onChange={(event) => reset(setFrom)(event.currentTarget.value)}
        />
        <TextInput
          type="date"
          label={t('consultations.to')}
          description={t('consultations.agencyDates')}
          w={160}
          value={to}
          error={badRange ? t('consultations.badRange') : undefined}
          onChange={(event) => reset(setTo)(event.currentTarget.value)}
        />
        <Select
          label={t('trips.sort')}
          w={190}
          allowDeselect={false}
          value={sort}
          onChange={(value) => reset(setSort)((value ?? 'starts-asc') as Sort)}
          data={ADMIN_CONSULTATION_SORTS.map((value) => ({ value, label: t(`consultations.sorts.${value}`) }))}
        />
      </Group>

      {consultations.isError && (
        <Alert color="red" role="alert">
          {errorMessage(consultations.error)}
        </Alert>
      )}

      <AdminTable
        minWidth={820}
        columns={[
          t('consultations.columns.when'),
          t('consultations.columns.traveller'),
          t('consultations.columns.trip'),
          t('consultations.columns.state'),
        ]}
        actionsLabel={t('settings.columns.actions')}
        busy={consultations.isFetching}
        empty={consultations.data?.items.length === 0 && t('consultations.empty')}
      >
        {consultations.data?.items.map((item) => (
          <Table.Tr key={item.id}>
            <Table.Td>
              <Text size="sm" fw={600}>
                {formatSlot(item.startsAt, item.endsAt, language)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{item.user.name}</Text>
              <Text size="xs" c="dimmed">
                {item.user.email}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{item.trip ? pickText(item.trip.title, language) : '—'}</Text>
            </Table.Td>
            <Table.Td>
              <StateBadge state={item.state} />
            </Table.Td>
            <Table.Td>
              <Button
                size="xs"
                variant="light"
                onClick={() => setOpen(item.id)}
                aria-label={`${t('consultations.open')}: ${item.user.name}`}
              >
                {t('consultations.open')}
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </AdminTable>

      <TableFooter
        summary={t('consultations.count', { count: consultations.data?.total ?? 0 })}
        page={page}
        pages={pages}
        onPage={setPage}
      />
      <ConsultationDrawer id={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
