import { useState } from 'react';
import { Anchor, Button, Table, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconMailOpened, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { runAction } from '../../../lib/run-action.ts';
import { ListBadge, ListShell } from '../../../lib/lists/list-shell.tsx';
import { LIST_PAGE_SIZE, oneOfField } from '../../../lib/lists/list-state.ts';
import { ListBulkBar, ListSelectAll, ListSelectCell } from '../../../lib/lists/row-selection.tsx';
import { useListState } from '../../../lib/lists/use-list-state.ts';
import { useRowSelection } from '../../../lib/lists/use-row-selection.ts';
import { sameOriginPath } from '../../../lib/same-origin-path.ts';
import { useDeleteStaffNotifications, useSetStaffRead, useStaffNotifications } from '../api/notifications.ts';
import { useNotificationView } from '../use-notification-view.ts';

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
  const notifications = useStaffNotifications({ page: values.page, pageSize: LIST_PAGE_SIZE, unread: unreadOnly });
  const setRead = useSetStaffRead();
  const remove = useDeleteStaffNotifications();
  const view = useNotificationView();
  const [confirming, setConfirming] = useState(false);
  const selection = useRowSelection(notifications.data?.items.map((item) => item.id) ?? [], values);

  async function mark(read: boolean) {
    const ids = [...selection.ids];
    const done = await runAction(
      () => setRead.mutateAsync({ ids, read }),
      t(read ? 'admin.markedRead' : 'admin.markedUnread', { count: ids.length }),
    );
    if (done) selection.clear();
  }

  async function removeSelected() {
    const done = await runAction(
      () => remove.mutateAsync([...selection.ids]),
      ({ deleted }) => t('admin.deleted', { count: deleted }),
    );
    if (!done) return;
    selection.clear();
    setConfirming(false);
  }

  return (
    <>
      <ListShell
        query={notifications}
        list={list}
        selects={{
          show: { label: t('admin.filter'), w: 180, any: t('admin.all'), optionLabel: () => t('admin.unread') },
        }}
        toolbar={
          <ListBulkBar
            selection={selection}
            count={t('admin.selected', { count: selection.count })}
            clear={t('admin.clearSelection')}
          >
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
          </ListBulkBar>
        }
        minWidth={720}
        columns={[
          <ListSelectAll key="all" selection={selection} label={t('admin.selectAll')} />,
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
              <ListSelectCell selection={selection} id={item.id} label={t('admin.select', { title: text.title })} />
              <Table.Td>
                <Text size="sm" fw={item.read ? 500 : 700}>
                  {text.title}
                </Text>
                <Text size="sm" c="dimmed">
                  {text.body}
                </Text>
              </Table.Td>
              <Table.Td className="nowrap">
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
                  to={sameOriginPath(item.link) ?? '/admin/notifications'}
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
        body={t('admin.confirmBody', { count: selection.count })}
        action={t('admin.confirm')}
        color="red"
        busy={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void removeSelected()}
      />
    </>
  );
}
