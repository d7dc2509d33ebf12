import { useState } from 'react';
import { ActionIcon, Anchor, Badge, Button, Checkbox, Group, Paper, Select, Table, Text } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatDate } from '@aylal/shared/dates';
import {
  ADMIN_CONTACT_SORTS,
  CONTACT_SETTABLE_STATES,
  CONTACT_STATES,
  CONTACT_TYPES,
  type ContactSettableState,
} from '@aylal/shared/contact-rules';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { ListShell } from '../../../lib/lists/list-shell.tsx';
import { ListDateRange, ListSearch, ListSelect, ListToggle } from '../../../lib/lists/list-filters.tsx';
import { apiFilter, dateField, oneOfField, textField } from '../../../lib/lists/list-state.ts';
import { useListState } from '../../../lib/lists/use-list-state.ts';
import { useSession } from '../../../lib/session.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { useAdminContactList, useContactBulkState, useContactStaff } from '../api/admin-contact.ts';
import { ContactStateBadge } from './contact-badges.tsx';

const PAGE_SIZE = 20;
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
  const language = useLanguage();
  const navigate = useNavigate();
  const me = useSession().user?.id ?? '';
  const list = useListState(FIELDS);
  const { values, set } = list;
  const { page, ...chosen } = values;
  const filter = apiFilter(chosen);
  const messages = useAdminContactList({ ...filter, page, pageSize: PAGE_SIZE });
  const bulk = useContactBulkState();
  const shown = JSON.stringify(values);
  const [ticked, setTicked] = useState({ shown, ids: new Set<string>() });
  const selected = ticked.shown === shown ? ticked.ids : new Set<string>();
  const setSelected = (ids: Set<string>) => setTicked({ shown, ids });
  const [bulkState, setBulkState] = useState<ContactSettableState>('resolved');
  const items = messages.data?.items ?? [];
  const allTicked = items.length > 0 && items.every((item) => selected.has(item.id));
  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  };
  const staff = (useContactStaff().data?.items ?? [])
    .filter((person) => person.id !== me)
    .map((person) => ({ value: person.id, label: person.name }));
  const assignees = [
    { value: '', label: t('contact.filters.anyone') },
    { value: 'none', label: t('contact.filters.unassigned') },
    ...(me ? [{ value: me, label: t('contact.filters.me') }] : []),
  ];

  async function changeSelected() {
    try {
      const { changed } = await bulk.mutateAsync({ ids: [...selected], state: bulkState });
      notifySuccess(t('contact.bulk.done', { count: changed }));
      setSelected(new Set());
    } catch (error) {
      notifyError(errorMessage(error));
    }
  }

  return (
    <ListShell
      query={messages}
      page={page}
      pageSize={PAGE_SIZE}
      onPage={list.setPage}
      filters={
        <>
          <ListSearch value={list.search} onChange={list.setSearch} placeholder={t('contact.filters.search')} />
          <ListSelect
            label={t('contact.filters.state')}
            w={200}
            any={t('contact.filters.allButSpam')}
            value={values.state}
            options={CONTACT_STATES}
            optionLabel={(value) => t(`contact.states.${value}`)}
            onChange={(state) => set({ state })}
          />
          <ListSelect
            label={t('contact.filters.type')}
            w={150}
            any={t('contact.filters.any')}
            value={values.type}
            options={CONTACT_TYPES}
            optionLabel={(value) => t(`contactUs:types.${value}`)}
            onChange={(type) => set({ type })}
          />
          <Select
            label={t('contact.filters.assignee')}
            w={200}
            allowDeselect={false}
            value={[...assignees, ...staff].some((option) => option.value === values.assignee) ? values.assignee : ''}
            onChange={(assignee) => set({ assignee: assignee ?? '' })}
            data={[...assignees, ...(staff.length ? [{ group: t('contact.filters.staff'), items: staff }] : [])]}
          />
          <ListDateRange
            from={values.from}
            to={values.to}
            labels={{
              from: t('contact.filters.from'),
              to: t('contact.filters.to'),
              reversed: t('contact.filters.badRange'),
            }}
            description={t('contact.filters.agencyDates')}
            w={160}
            onChange={set}
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
        selected.size > 0 && (
          <Paper withBorder radius="md" p="sm" bg="blue.0">
            <Group gap="sm">
              <Text size="sm" fw={600}>
                {t('contact.bulk.selected', { count: selected.size })}
              </Text>
              <Select
                aria-label={t('contact.bulk.setState')}
                w={220}
                allowDeselect={false}
                value={bulkState}
                onChange={(value) => value && setBulkState(value as ContactSettableState)}
                data={CONTACT_SETTABLE_STATES.map((value) => ({ value, label: t(`contact.states.${value}`) }))}
              />
              <Button size="sm" onClick={() => void changeSelected()} loading={bulk.isPending}>
                {t('contact.bulk.apply')}
              </Button>
            </Group>
          </Paper>
        )
      }
      minWidth={900}
      columns={[
        <Checkbox
          key="all"
          aria-label={t('contact.bulk.selectAll')}
          checked={allTicked}
          indeterminate={!allTicked && items.some((item) => selected.has(item.id))}
          onChange={() => setSelected(allTicked ? new Set() : new Set([...selected, ...items.map((item) => item.id)]))}
        />,
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
        <Table.Tr
          key={item.id}
          style={{ cursor: 'pointer' }}
          onClick={(event) => {
            if (!(event.target as HTMLElement).closest('a, button, input, label'))
              void navigate(`/admin/contact-us/${item.id}`);
          }}
        >
          <Table.Td>
            <Checkbox
              aria-label={t('contact.bulk.select', { reference: item.reference })}
              checked={selected.has(item.id)}
              onChange={() => toggle(item.id)}
            />
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            <Anchor component={Link} to={`/admin/contact-us/${item.id}`} size="sm" fw={item.unread ? 700 : 500}>
              {item.reference}
            </Anchor>
            {item.unread && (
              <Badge size="xs" ml={6} variant="filled" color="blue">
                {t('contact.unread')}
              </Badge>
            )}
          </Table.Td>
          <Table.Td miw={180}>
            <Text size="sm" fw={item.unread ? 700 : 400} lineClamp={2} maw={280} title={item.title}>
              {item.title}
            </Text>
          </Table.Td>
          <Table.Td>
            <Text size="sm" fw={500}>
              {item.name}
            </Text>
            <Text size="xs" c="dimmed" truncate="end" maw={180} title={item.email}>
              {item.email}
            </Text>
          </Table.Td>
          <Table.Td>
            <Text size="sm">{t(`contactUs:types.${item.type}`)}</Text>
          </Table.Td>
          <Table.Td>
            <ContactStateBadge state={item.state} />
          </Table.Td>
          <Table.Td>
            <Text size="sm" c={item.assignee ? undefined : 'dimmed'}>
              {item.assignee?.name ?? '—'}
            </Text>
          </Table.Td>
          <Table.Td miw={96}>
            <Text size="sm">{formatDate(item.createdAt, language, { withTime: true })}</Text>
          </Table.Td>
          <Table.Td>
            <ActionIcon
              component={Link}
              to={`/admin/contact-us/${item.id}`}
              variant="subtle"
              aria-label={`${t('contact.open')}: ${item.reference}`}
            >
              <IconChevronRight size={18} />
            </ActionIcon>
          </Table.Td>
        </Table.Tr>
      )}
    />
  );
}
