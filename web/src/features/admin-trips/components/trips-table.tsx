import { useState } from 'react';
import {
  ActionIcon,
  Anchor,
  Alert,
  Badge,
  Button,
  Group,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconExternalLink, IconSearch, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '@aylal/shared/dates';
import { formatPrice } from '@aylal/shared/money';
import {
  ADMIN_TRIP_SORTS,
  CONTINENTS,
  pickText,
  TRIP_STATUSES,
  TRIP_TYPES,
  type AdminTripSort,
  type Continent,
  type TripStatus,
  type TripType,
} from '@aylal/shared/trip-rules';
import type { AdminTripListItem } from '@aylal/shared/schemas/trips';
import { AdminTable, ConfirmDialog, TableFooter } from '../../../components/admin-table-parts.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { useAdminTrips, useDeleteTrip, useSetTripStatus } from '../api/admin-trips.ts';
import { useLanguage } from '../../../lib/use-language.ts';

const PAGE_SIZE = 20;

/** The back office's trips: search, filters, sorting, paging; publish, unpublish, delete. */
export function TripsTable() {
  const { t } = useTranslation(['admin', 'tripsList', 'common']);
  const language = useLanguage();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [status, setStatus] = useState<TripStatus | ''>('');
  const [continent, setContinent] = useState<Continent | ''>('');
  const [type, setType] = useState<TripType | ''>('');
  const [sort, setSort] = useState<AdminTripSort>('newest');
  const [page, setPage] = useState(1);
  const [deleting, setDeleting] = useState<AdminTripListItem | null>(null);
  const trips = useAdminTrips({
    q: q || undefined,
    status: status || undefined,
    continent: continent || undefined,
    type: type || undefined,
    sort,
    page,
    pageSize: PAGE_SIZE,
  });
  const setTripStatus = useSetTripStatus();
  const deleteTrip = useDeleteTrip();
  const pages = Math.max(1, Math.ceil((trips.data?.total ?? 0) / PAGE_SIZE));
  const reset =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  async function toggle(trip: AdminTripListItem) {
    const next: TripStatus = trip.status === 'published' ? 'draft' : 'published';
    const title = pickText(trip.title, language);
    try {
      await setTripStatus.mutateAsync({ id: trip.id, status: next });
      notifySuccess(t(next === 'published' ? 'trips.published' : 'trips.unpublished', { title }));
    } catch (error) {
      notifyError(errorMessage(error));
    }
  }

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await deleteTrip.mutateAsync(deleting.id);
      notifySuccess(t('trips.deleted', { title: pickText(deleting.title, language) }));
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setDeleting(null);
    }
  }

  const any = { value: '', label: t('tripsList:any') };
  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end">
        <TextInput
          label={t('common:search')}
          placeholder={t('trips.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          maxLength={200}
          style={{ flex: 1, minWidth: 200 }}
        />
        <Select
          label={t('trips.status')}
          w={150}
          allowDeselect={false}
          value={status}
          onChange={(value) => reset(setStatus)((value ?? '') as TripStatus | '')}
          data={[any, ...TRIP_STATUSES.map((value) => ({ value, label: t(`trips.statuses.${value}`) }))]}
        />
        <Select
          label={t('tripsList:filters.continent')}
          w={170}
          allowDeselect={false}
          value={continent}
          onChange={(value) => reset(setContinent)((value ?? '') as Continent | '')}
          data={[any, ...CONTINENTS.map((value) => ({ value, label: t(`tripsList:continents.${value}`) }))]}
        />
        <Select
          label={t('tripsList:filters.type')}
          w={150}
          allowDeselect={false}
          value={type}
          onChange={(value) => reset(setType)((value ?? '') as TripType | '')}
          data={[any, ...TRIP_TYPES.map((value) => ({ value, label: t(`tripsList:types.${value}`) }))]}
        />
        <Select
          label={t('trips.sort')}
          w={200}
          allowDeselect={false}
          value={sort}
          onChange={(value) => reset(setSort)((value ?? 'newest') as AdminTripSort)}
          data={ADMIN_TRIP_SORTS.map((value) => ({ value, label: t(`trips.sorts.${value}`) }))}
        />
      </Group>

      {trips.isError && (
        <Alert color="red" role="alert">
          {errorMessage(trips.error)}
        </Alert>
      )}

      <AdminTable
        minWidth={860}
        columns={[
          t('trips.columns.title'),
          t('trips.columns.destination'),
          t('trips.columns.type'),
          t('trips.columns.price'),
          t('trips.columns.nextDeparture'),
          t('trips.columns.status'),
        ]}
        actionsLabel={t('settings.columns.actions')}
        busy={trips.isFetching}
        empty={trips.data?.items.length === 0 && t('trips.empty')}
      >
        {trips.data?.items.map((trip) => {
          const title = pickText(trip.title, language);
          return (
            <Table.Tr key={trip.id}>
              <Table.Td>
                <Anchor component={Link} to={`/admin/trips/${trip.id}`} size="sm" fw={600}>
                  {title}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {t('tripsList:days', { count: trip.durationDays })}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  {pickText(trip.destination, language)}, {pickText(trip.country, language)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{t(`tripsList:types.${trip.type}`)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatPrice(trip.fare, 'USD', language) ?? t('common:tbd')}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  {trip.nextDeparture
                    ? formatDate(`${trip.nextDeparture}T00:00:00Z`, language, { timeZone: 'UTC' })
                    : t('trips.noDeparture')}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Badge color={trip.status === 'published' ? 'teal' : 'gray'} variant="light" style={{ flex: 'none' }}>
                  {t(`trips.statuses.${trip.status}`)}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap" justify="flex-end">
                  <Button
                    size="xs"
                    variant="light"
                    color={trip.status === 'published' ? 'gray' : 'teal'}
                    onClick={() => void toggle(trip)}
                    aria-label={`${t(trip.status === 'published' ? 'trips.unpublish' : 'trips.publish')}: ${title}`}
                  >
                    {t(trip.status === 'published' ? 'trips.unpublish' : 'trips.publish')}
                  </Button>
                  {trip.status === 'published' && (
                    <Tooltip label={t('trips.view')}>
                      <ActionIcon
                        component={Link}
                        to={`/trips/${trip.id}`}
                        variant="subtle"
                        aria-label={`${t('trips.view')}: ${title}`}
                      >
                        <IconExternalLink size={16} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                  <Tooltip label={t('trips.delete')}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      onClick={() => setDeleting(trip)}
                      aria-label={`${t('trips.delete')}: ${title}`}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </AdminTable>

      <TableFooter
        summary={t('tripsList:results', { count: trips.data?.total ?? 0 })}
        page={page}
        pages={pages}
        onPage={setPage}
      />

      <ConfirmDialog
        opened={deleting !== null}
        title={deleting ? t('trips.confirmDeleteTitle', { title: pickText(deleting.title, language) }) : ''}
        body={t('trips.confirmDeleteBody')}
        action={t('trips.delete')}
        color="red"
        busy={deleteTrip.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      />
    </Stack>
  );
}
