import { useState } from 'react';
import { Anchor, Badge, Select, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  ADMIN_CONTACT_SORTS,
  CONTACT_SETTABLE_STATES,
  CONTACT_STATES,
  CONTACT_TYPES,
  type ContactSettableState,
} from '@aylal/shared/contact-rules';
import { runAction } from '../../../lib/run-action.ts';
import {
  ListDateCell,
  ListLinkRow,
  ListOpenCell,
  ListPersonCell,
  ListTextCell,
} from '../../../lib/lists/list-cells.tsx';
import { ListShell } from '../../../lib/lists/list-shell.tsx';
import { ListDateRange, ListToggle } from '../../../lib/lists/list-filters.tsx';
import { pageRequest, dateField, oneOfField, textField } from '../../../lib/lists/list-state.ts';
import { ListBulkChoice, ListSelectAll, ListSelectCell } from '../../../lib/lists/row-selection.tsx';
import { useListState } from '../../../lib/lists/use-list-state.ts';
import { useRowSelection } from '../../../lib/lists/use-row-selection.ts';
import { useSession } from '../../../lib/session.ts';
import { useAdminContactList, useContactBulkState, useContactStaff } from '../api/admin-contact.ts';
import { ContactStateBadge } from './contact-badges.tsx';

const FIELDS = {
  q: textField(),
  state: oneOfField(CONTACT_STATES, ''),
  type: oneOfField(CONTACT_TYPES, ''),
  assignee: textField(100),
  from: dateField(),
  to: dateField(),
  active: oneOfField(['1'], ''),
  unanswered: oneOfField(['1'], ''),
  sort: oneOfField(ADMIN_CONTACT_SORTS, 'newest'),
};

/**
 * /admin/contact-us: the inbox. Filters by state (all but spam by default), type and assignee
 * (me, unassigned, or any admin by name), a search by name, email, reference or subject (all in
 * the URL), unread rows in bold with a mark, and a state change for the ticked rows; each row opens
 * its conversation.
 */
export function ContactTable() {
  const { t } = useTranslation(['admin', 'contactUs']);
  const me = useSession().user?.id ?? '';
  const list = useListState(FIELDS);
  const { values, set } = list;
  const messages = useAdminContactList(pageRequest(values));
  const bulk = useContactBulkState();
  const selection = useRowSelection(messages.data?.items.map((item) => item.id) ?? [], values);
  const [bulkState, setBulkState] = useState<ContactSettableState>('resolved');
  const staff = (useContactStaff().data?.items ?? [])
    .filter((person) => person.id !== me)
    .map((person) => ({ value: person.id, label: person.name }));
  const assignees = [
    { value: '', label: t('contact.filters.anyone') },
    { value: 'none', label: t('contact.filters.unassigned') },
    ...(me ? [{ value: me, label: t('contact.filters.me') }] : []),
  ];

  async function changeSelected() {
    const done = await runAction(
      () => bulk.mutateAsync({ ids: [...selection.ids], state: bulkState }),
      ({ changed }) => t('contact.bulk.done', { count: changed }),
    );
    if (done) selection.clear();
  }

  return (
    <ListShell
      query={messages}
      list={list}
      search={t('contact.filters.search')}
      any={t('contact.filters.any')}
      selects={{
        state: {
          label: t('contact.filters.state'),
          w: 200,
          any: t('contact.filters.allButSpam'),
          optionLabel: (value) => t(`contact.states.${value}`),
        },
        type: { label: t('contact.filters.type'), w: 150, optionLabel: (value) => t(`contactUs:types.${value}`) },
      }}
      filters={
        <>
          <Select
            label={t('contact.filters.assignee')}
            w={200}
            allowDeselect={false}
            value={[...assignees, ...staff].some((option) => option.value === values.assignee) ? values.assignee : ''}
            onChange={(assignee) => set({ assignee: assignee ?? '' })}
            data={[...assignees, ...(staff.length ? [{ group: t('contact.filters.staff'), items: staff }] : [])]}
          />
          <ListDateRange
            list={list}
            labels={{ from: t('contact.filters.from'), to: t('contact.filters.to') }}
            description={t('contact.filters.agencyDates')}
            w={160}
          />
          <ListToggle
            label={t('contact.filters.active')}
            value={values.active}
            onChange={(active) => set({ active })}
          />
          <ListToggle
            label={t('contact.filters.unanswered')}
            value={values.unanswered}
            onChange={(unanswered) => set({ unanswered })}
          />
        </>
      }
      toolbar={
        <ListBulkChoice
          selection={selection}
          count={t('contact.bulk.selected', { count: selection.count })}
          clear={t('contact.bulk.clear')}
          label={t('contact.bulk.setState')}
          w={220}
          value={bulkState}
          onChange={setBulkState}
          data={CONTACT_SETTABLE_STATES.map((value) => ({ value, label: t(`contact.states.${value}`) }))}
          apply={t('contact.bulk.apply')}
          busy={bulk.isPending}
          onApply={() => void changeSelected()}
        />
      }
      minWidth={900}
      columns={[
        <ListSelectAll key="all" selection={selection} label={t('contact.bulk.selectAll')} />,
        t('contact.columns.reference'),
        t('contact.columns.title'),
        t('contact.columns.from'),
        t('contact.columns.type'),
        { label: t('contact.columns.state'), fit: true },
        t('contact.columns.assignee'),
        t('contact.columns.received'),
      ]}
      empty={t('contact.empty')}
      count={(count) => t('contact.count', { count })}
      row={(item) => (
        <ListLinkRow key={item.id} to={`/admin/contact-us/${item.id}`}>
          <ListSelectCell
            selection={selection}
            id={item.id}
            label={t('contact.bulk.select', { reference: item.reference })}
          />
          <Table.Td>
            {/* The mark under the reference, so a narrow column never pushes it over the subject. */}
            <Stack gap={2} align="flex-start">
              <Anchor
                component={Link}
                to={`/admin/contact-us/${item.id}`}
                size="sm"
                fw={item.unread ? 700 : 500}
                className="nowrap"
              >
                {item.reference}
              </Anchor>
              {item.unread && (
                <Badge size="xs" variant="filled" color="blue">
                  {t('contact.unread')}
                </Badge>
              )}
            </Stack>
          </Table.Td>
          <Table.Td miw={180}>
            <Text size="sm" fw={item.unread ? 700 : 400} lineClamp={2} maw={280} title={item.title}>
              {item.title}
            </Text>
          </Table.Td>
          <ListPersonCell name={item.name} email={item.email} />
          <ListTextCell>{t(`contactUs:types.${item.type}`)}</ListTextCell>
          <Table.Td>
            <ContactStateBadge state={item.state} />
          </Table.Td>
          <Table.Td>
            <Text size="sm" c={item.assignee ? undefined : 'dimmed'}>
              {item.assignee?.name ?? '—'}
            </Text>
          </Table.Td>
          <ListDateCell at={item.createdAt} withTime />
          <ListOpenCell to={`/admin/contact-us/${item.id}`} label={`${t('contact.open')}: ${item.reference}`} />
        </ListLinkRow>
      )}
    />
  );
}
