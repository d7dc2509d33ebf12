import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@aylal/shared/dates';
import { formatPrice } from '@aylal/shared/money';
import {
  ADMIN_TRIP_SORTS,
  CONTINENTS,
  pickText,
  TRIP_STATUSES,
  TRIP_TYPES,
  type TripStatus,
} from '@aylal/shared/trip-rules';
import type { AdminTripListItem } from '@aylal/shared/schemas/trips';
import { CatalogueRowActions, useConfirmedDelete } from '../../../lib/lists/catalogue-rows.tsx';
import { runAction } from '../../../lib/run-action.ts';
import { ListTextCell, ListTitleCell } from '../../../lib/lists/list-cells.tsx';
import { ListBadge, ListShell } from '../../../lib/lists/list-shell.tsx';
import { pageRequest, oneOfField, textField } from '../../../lib/lists/list-state.ts';
import { useListState } from '../../../lib/lists/use-list-state.ts';
import { useAdminTrips, useDeleteTrip, useSetTripStatus } from '../api/admin-trips.ts';
import { useLanguage } from '../../../lib/use-language.ts';

const FIELDS = {
  q: textField(),
  status: oneOfField(TRIP_STATUSES, ''),
  continent: oneOfField(CONTINENTS, ''),
  type: oneOfField(TRIP_TYPES, ''),
  sort: oneOfField(ADMIN_TRIP_SORTS, 'newest'),
};

/** The back office's trips: search, filters, sorting, paging (all in the URL); publish, unpublish, delete. */
export function TripsTable() {
  const { t } = useTranslation(['admin', 'tripsList', 'common']);
  const language = useLanguage();
  const list = useListState(FIELDS);
  const { values } = list;
  const trips = useAdminTrips(pageRequest(values));
  const setTripStatus = useSetTripStatus();
  const remover = useConfirmedDelete<AdminTripListItem>({
    remove: useDeleteTrip(),
    title: (trip) => t('trips.confirmDeleteTitle', { title: pickText(trip.title, language) }),
    body: t('trips.confirmDeleteBody'),
    action: t('trips.delete'),
    done: (trip) => t('trips.deleted', { title: pickText(trip.title, language) }),
  });

  async function toggle(trip: AdminTripListItem) {
    const next: TripStatus = trip.status === 'published' ? 'draft' : 'published';
    const title = pickText(trip.title, language);
    await runAction(
      () => setTripStatus.mutateAsync({ id: trip.id, status: next }),
      t(next === 'published' ? 'trips.published' : 'trips.unpublished', { title }),
    );
  }

  return (
    <>
      <ListShell
        query={trips}
        list={list}
        search={t('trips.searchPlaceholder')}
        any={t('tripsList:any')}
        selects={{
          status: { label: t('trips.status'), w: 150, optionLabel: (value) => t(`trips.statuses.${value}`) },
          continent: {
            label: t('tripsList:filters.continent'),
            w: 170,
            optionLabel: (value) => t(`tripsList:continents.${value}`),
          },
          type: { label: t('tripsList:filters.type'), w: 150, optionLabel: (value) => t(`tripsList:types.${value}`) },
        }}
        sort={{ label: t('trips.sort'), w: 200, optionLabel: (value) => t(`trips.sorts.${value}`) }}
        minWidth={860}
        columns={[
          t('trips.columns.title'),
          t('trips.columns.destination'),
          t('trips.columns.type'),
          t('trips.columns.price'),
          t('trips.columns.nextDeparture'),
          { label: t('trips.columns.status'), fit: true },
        ]}
        empty={t('trips.empty')}
        count={(count) => t('tripsList:results', { count })}
        row={(trip) => {
          const title = pickText(trip.title, language);
          return (
            <Table.Tr key={trip.id}>
              <ListTitleCell
                to={`/admin/trips/${trip.id}`}
                title={title}
                note={t('tripsList:days', { count: trip.durationDays })}
              />
              <ListTextCell>
                {pickText(trip.destination, language)}, {pickText(trip.country, language)}
              </ListTextCell>
              <ListTextCell>{t(`tripsList:types.${trip.type}`)}</ListTextCell>
              <ListTextCell>{formatPrice(trip.fare, 'USD', language) ?? t('common:tbd')}</ListTextCell>
              <ListTextCell>
                {trip.nextDeparture
                  ? formatDate(`${trip.nextDeparture}T00:00:00Z`, language, { timeZone: 'UTC' })
                  : t('trips.noDeparture')}
              </ListTextCell>
              <Table.Td>
                <ListBadge color={trip.status === 'published' ? 'teal' : 'gray'}>
                  {t(`trips.statuses.${trip.status}`)}
                </ListBadge>
              </Table.Td>
              <CatalogueRowActions
                name={title}
                next={{
                  label: t(trip.status === 'published' ? 'trips.unpublish' : 'trips.publish'),
                  color: trip.status === 'published' ? 'gray' : 'teal',
                  onClick: () => void toggle(trip),
                }}
                view={trip.status === 'published' ? { label: t('trips.view'), to: `/trips/${trip.id}` } : undefined}
                remove={{ label: t('trips.delete'), onClick: () => remover.ask(trip) }}
              />
            </Table.Tr>
          );
        }}
      />

      {remover.dialog}
    </>
  );
}
