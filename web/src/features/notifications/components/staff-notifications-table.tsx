import { useState } from 'react';
import { Anchor, Button, Checkbox, Group, Paper, Table, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconMailOpened, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/admin-table-parts.tsx';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { ListBadge, ListShell } from '../../../lib/lists/list-shell.tsx';
import { ListSelect } from '../../../lib/lists/list-filters.tsx';
import { oneOfField } from '../../../lib/lists/list-state.ts';
import { useListState } from '../../../lib/lists/use-list-state.ts';
import { useDeleteStaffNotifications, useSetStaffRead, useStaffNotifications } from '../api/notifications.ts';
import { useNotificationView } from '../use-notification-view.ts';

const PAGE_SIZE = 20;
const SHOW = ['unread'] as const;
const FIELDS = { show: oneOfField(SHOW, '') };

/**
 * /admin/notifications: the staff feed, newest first, unread (for this admin) marked; all or
 * unread only; rows ticked on a page are marked read or unread, or deleted for every admin after
 * a confirmation (decision 014).
 */
export function StaffNotificationsTable() {
  const { t } = useTranslation(['notifications', 'admin']);
  const list = useListState(FIELDS);
  const { values } = list;
  const unreadOnly = values.show === 'unread';
  const notifications = useStaffNotifications({ page: values.page, pageSize: PAGE_SIZE, unread: unreadOnly });
  const setRead = useSetStaffRead();
  const remove = useDeleteStaffNotifications();
  const view = useNotificationView();
  const [confirming, setConfirming] = useState(false);
  // Ticked rows belong to the page they were ticked on: another page or filter starts with none.
  const shown = JSON.stringify(values);
  const [ticked, setTicked] = useState({ shown, ids: new Set<string>() });
  const selected = ticked.shown === shown ? ticked.ids : new Set<string>();
  const setSelected = (ids: Set<string>) => setTicked({ shown, ids });
  const items = notifications.data?.items ?? [];

  const allTicked = items.length > 0 && items.every((item) => selected.has(item.id));
  const toggleAll = () => setSelected(allTicked ? new Set() : new Set(items.map((item) => item.id)));
  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  };

  async function mark(read: boolean) {
    const ids = [...selected];
    try {
      await setRead.mutateAsync({ ids, read });
      notifySuccess(t(read ? 'admin.markedRead' : 'admin.markedUnread', { count: ids.length }));
      setSelected(new Set());
    } catch (error) {
      notifyError(errorMessage(error));
    }
  }

  async function removeSelected() {
    try {
      const { deleted } = await remove.mutateAsync([...selected]);
      notifySuccess(t('admin.deleted', { count: deleted }));
      setSelected(new Set());
      setConfirming(false);
    } catch (error) {
      notifyError(errorMessage(error));
    }
  }

  return (
    <>
      <ListShell
        query={notifications}
        page={values.page}
        pageSize={PAGE_SIZE}
        onPage={list.setPage}
        filters={
          <ListSelect
            label={t('admin.filter')}
            w={180}
            any={t('admin.all')}
            value={values.show}
            options={SHOW}
            optionLabel={() => t('admin.unread')}
            onChange={(show) => list.set({ show })}
          />
        }
        toolbar={
          selected.size > 0 && (
            <Paper withBorder radius="md" p="sm" bg="blue.0">
              <Group gap="sm">
                <Text size="sm" fw={600}>
                  {t('admin.selected', { count: selected.size })}
                </Text>
                <Button
                  size="sm"
                  variant="default"
                  leftSection={<IconCheck size={16} />}
                  loading={setRead.isPending && setRead.variables?.read === true}
                  onClick={() => void mark(true)}
                >
                  {t('admin.markRead')}
                </Button>
                <Button
                  size="sm"
                  variant="default"
                  leftSection={<IconMailOpened size={16} />}
                  loading={setRead.isPending && setRead.variables?.read === false}
                  onClick={() => void mark(false)}
                >
                  {t('admin.markUnread')}
                </Button>
                <Button size="sm" color="red" leftSection={<IconTrash size={16} />} onClick={() => setConfirming(true)}>
                  {t('admin.delete')}
                </Button>
                <Button size="sm" variant="subtle" onClick={() => setSelected(new Set())}>
                  {t('admin.clearSelection')}
                </Button>
              </Group>
            </Paper>
          )
        }
        minWidth={720}
        columns={[
          <Checkbox
            key="all"
            aria-label={t('admin.selectAll')}
            checked={allTicked}
            indeterminate={!allTicked && items.some((item) => selected.has(item.id))}
            onChange={toggleAll}
          />,
          t('admin.columns.notification'),
          t('admin.columns.received'),
          { label: t('admin.columns.state'), fit: true },
        ]}
        empty={unreadOnly ? t('admin.emptyUnread') : t('admin.empty')}
        count={(count) => t('admin.count', { count })}
        errorTitle={t('admin.loadFailed')}
        row={(item) => {
          const text = view(item);
          return (
            <Table.Tr key={item.id} data-unread={item.read ? undefined : true}>
              <Table.Td>
                <Checkbox
                  aria-label={t('admin.select', { title: text.title })}
                  checked={selected.has(item.id)}
                  onChange={() => toggle(item.id)}
                />
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={item.read ? 500 : 700}>
                  {text.title}
                </Text>
                <Text size="sm" c="dimmed">
                  {text.body}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Tooltip label={text.at}>
                  <Text size="sm" component="time" dateTime={item.createdAt}>
                    {text.ago}
                  </Text>
                </Tooltip>
              </Table.Td>
              <Table.Td>
                <ListBadge color={item.read ? 'gray' : 'red'}>
                  {item.read ? t('admin.stateRead') : t('admin.stateUnread')}
                </ListBadge>
              </Table.Td>
              <Table.Td>
                <Anchor
                  component={Link}
                  to={item.link}
                  size="sm"
                  fw={600}
                  onClick={() => {
                    if (!item.read) setRead.mutate({ ids: [item.id], read: true });
                  }}
                >
                  {t('admin.open')}
                </Anchor>
              </Table.Td>
            </Table.Tr>
          );
        }}
      />
      <ConfirmDialog
        opened={confirming}
        title={t('admin.confirmTitle')}
        body={t('admin.confirmBody', { count: selected.size })}
        action={t('admin.confirm')}
        color="red"
        busy={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void removeSelected()}
      />
    </>
  );
}
