import { useSearchParams } from 'react-router';
import { useState } from 'react';
import { Button, Select, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ADMIN_CONSULTATION_SORTS, CONSULTATION_STATES } from '@aylal/shared/consultation-rules';
import { pickText } from '@aylal/shared/trip-rules';
import { formatSlot } from '@aylal/shared/dates';
import { ListTextCell } from '../../../lib/lists/list-cells.tsx';
import { ListShell } from '../../../lib/lists/list-shell.tsx';
import { ListDateRange, ListToggle } from '../../../lib/lists/list-filters.tsx';
import { pageRequest, dateField, oneOfField, textField } from '../../../lib/lists/list-state.ts';
import { useListState } from '../../../lib/lists/use-list-state.ts';
import { useAdminConsultations, useTripChoices } from '../api/admin-consultations.ts';
import { ConsultationDrawer } from './consultation-drawer.tsx';
import { StateBadge } from './state-badge.tsx';
import { useAgencyTimeZone } from '../../../lib/agency-zone.ts';
import { useLanguage } from '../../../lib/use-language.ts';

const FIELDS = {
  q: textField(),
  state: oneOfField(CONSULTATION_STATES, ''),
  tripId: textField(100),
  from: dateField(),
  to: dateField(),
  bookedFrom: dateField(),
  bookedTo: dateField(),
  upcoming: oneOfField(['1'], ''),
  sort: oneOfField(ADMIN_CONSULTATION_SORTS, 'starts-asc'),
};

/** Every consultation: filters by state, dates, trip and traveller (in the URL); each opens with its actions. */
export function ConsultationsTable() {
  const { t } = useTranslation(['admin', 'tripsList', 'common']);
  const language = useLanguage();
  // Staff read every time on the agency's clock (docs/decisions/030).
  const timeZone = useAgencyTimeZone();
  const list = useListState(FIELDS);
  const { values, set } = list;
  // A notification's link opens its consultation here (`?open=<id>`); closing it forgets the link.
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState<string | null>(() => params.get('open'));
  const close = () => {
    setOpen(null);
    if (params.has('open'))
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('open');
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
  };
  const consultations = useAdminConsultations(pageRequest(values));
  const trips = useTripChoices();
  const any = t('tripsList:any');

  return (
    <>
      <ListShell
        query={consultations}
        list={list}
        search={t('consultations.searchPlaceholder')}
        any={any}
        selects={{
          state: {
            label: t('consultations.columns.state'),
            w: 190,
            optionLabel: (value) => t(`consultations.states.${value}`),
          },
        }}
        filters={
          <>
            <Select
              label={t('consultations.columns.trip')}
              w={240}
              searchable
              allowDeselect={false}
              value={values.tripId}
              onChange={(tripId) => set({ tripId: tripId ?? '' })}
              data={[
                { value: '', label: any },
                // A trip from a shared link that is not among the choices (yet) still shows as chosen.
                ...(values.tripId && trips.data && !trips.data.items.some((trip) => trip.id === values.tripId)
                  ? [{ value: values.tripId, label: values.tripId }]
                  : []),
                ...(trips.data?.items ?? []).map((trip) => ({ value: trip.id, label: pickText(trip.title, language) })),
              ]}
            />
            <ListDateRange
              list={list}
              labels={{ from: t('consultations.from'), to: t('consultations.to') }}
              description={t('consultations.agencyDates')}
              w={160}
            />
            <ListDateRange
              list={list}
              fields={['bookedFrom', 'bookedTo']}
              labels={{ from: t('consultations.bookedFrom'), to: t('consultations.bookedTo') }}
              w={160}
            />
            <ListToggle
              label={t('consultations.upcomingOnly')}
              value={values.upcoming}
              onChange={(upcoming) => set({ upcoming })}
            />
          </>
        }
        sort={{ label: t('trips.sort'), w: 190, optionLabel: (value) => t(`consultations.sorts.${value}`) }}
        minWidth={820}
        columns={[
          t('consultations.columns.when'),
          t('consultations.columns.traveller'),
          t('consultations.columns.trip'),
          { label: t('consultations.columns.state'), fit: true },
        ]}
        empty={t('consultations.empty')}
        count={(count) => t('consultations.count', { count })}
        row={(item) => (
          <Table.Tr key={item.id}>
            <Table.Td>
              <Text size="sm" fw={600}>
                {formatSlot(item.startsAt, item.endsAt, language, { timeZone })}
              </Text>
            </Table.Td>
            <ListTextCell note={item.user.email}>{item.user.name}</ListTextCell>
            <ListTextCell>{item.trip ? pickText(item.trip.title, language) : '—'}</ListTextCell>
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
        )}
      />
      <ConsultationDrawer id={open} onClose={close} />
    </>
  );
}
