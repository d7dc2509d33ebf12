import { useState } from 'react';
import { Badge, Button, Group, Modal, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AdminUser } from '@aylal/shared/schemas/admin-users';
import { ROLES, type Role } from '@aylal/shared/auth-rules';
import { formatDateTimeInZone } from '@aylal/shared/zone-name';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { HistoryCard } from '../../../components/history-card.tsx';
import { ListBadge, ListShell } from '../../../lib/lists/list-shell.tsx';
import { ListDateRange } from '../../../lib/lists/list-filters.tsx';
import { pageRequest, dateField, oneOfField, textField } from '../../../lib/lists/list-state.ts';
import { useListState } from '../../../lib/lists/use-list-state.ts';
import { runAction } from '../../../lib/run-action.ts';
import { useUsers } from '../api/get-users.ts';
import { useSetRole } from '../api/set-role.ts';
import { useSignOutUser } from '../api/sign-out-user.ts';
import { useAgencyTimeZone } from '../../../lib/agency-zone.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { ListDateCell, ListTextCell } from '../../../lib/lists/list-cells.tsx';

const FIELDS = { q: textField(), role: oneOfField(ROLES, ''), from: dateField(), to: dateField() };

/**
 * The admin list of Settings: search, role filter, paging; promote, demote and sign out everywhere,
 * each after a confirmation.
 */
export function UsersTable({ currentUserId }: { currentUserId: string }) {
  const { t } = useTranslation('admin');
  const list = useListState(FIELDS);
  const { values } = list;
  const [pending, setPending] = useState<{ user: AdminUser; role: Role } | null>(null);
  const [signingOut, setSigningOut] = useState<AdminUser | null>(null);
  const [showingHistory, setShowingHistory] = useState<AdminUser | null>(null);
  const users = useUsers(pageRequest(values));
  const setRoleMutation = useSetRole();
  const signOutMutation = useSignOutUser();

  const language = useLanguage();
  const timeZone = useAgencyTimeZone();

  async function confirmRoleChange() {
    if (!pending) return;
    await runAction(
      () => setRoleMutation.mutateAsync({ userId: pending.user.id, role: pending.role }),
      t(pending.role === 'admin' ? 'settings.promoted' : 'settings.demoted', { name: pending.user.name }),
    );
    setPending(null);
  }

  async function confirmSignOut() {
    if (!signingOut) return;
    await runAction(
      () => signOutMutation.mutateAsync(signingOut.id),
      t('settings.signedOut', { name: signingOut.name }),
    );
    setSigningOut(null);
  }

  return (
    <>
      <ListShell
        query={users}
        list={list}
        search={t('settings.searchPlaceholder')}
        any={t('settings.allRoles')}
        selects={{
          role: { label: t('settings.roleFilter'), w: 180, optionLabel: (value) => t(`settings.roles.${value}`) },
        }}
        filters={
          <ListDateRange list={list} labels={{ from: t('settings.joinedFrom'), to: t('settings.joinedTo') }} w={170} />
        }
        errorTitle={t('settings.loadFailed')}
        minWidth={720}
        columns={[
          t('settings.columns.name'),
          t('settings.columns.email'),
          { label: t('settings.columns.role'), fit: true },
          t('settings.columns.joined'),
          t('settings.columns.lastLogin'),
        ]}
        empty={t('settings.empty')}
        count={(count) => t('settings.total', { count })}
        row={(user) => {
          const isSelf = user.id === currentUserId;
          const nextRole: Role = user.role === 'admin' ? 'user' : 'admin';
          return (
            <Table.Tr key={user.id}>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <Text size="sm" fw={500}>
                    {user.name}
                  </Text>
                  {isSelf && (
                    <Badge size="xs" variant="outline" style={{ flex: 'none' }}>
                      {t('settings.you')}
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <ListTextCell>{user.email}</ListTextCell>
              <Table.Td>
                <ListBadge color={user.role === 'admin' ? 'brand' : 'gray'}>
                  {t(`settings.roles.${user.role}`)}
                </ListBadge>
              </Table.Td>
              <ListDateCell at={user.createdAt} />
              <ListTextCell>
                {user.lastLoginAt ? formatDateTimeInZone(user.lastLoginAt, language, timeZone) : t('settings.never')}
              </ListTextCell>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Button
                    size="xs"
                    variant="subtle"
                    color="gray"
                    onClick={() => setShowingHistory(user)}
                    aria-label={`${t('history.open')}: ${user.email}`}
                  >
                    {t('history.open')}
                  </Button>
                  {!isSelf && (
                    <>
                      <Button
                        size="xs"
                        variant={nextRole === 'admin' ? 'light' : 'subtle'}
                        color={nextRole === 'admin' ? 'brand' : 'red'}
                        onClick={() => setPending({ user, role: nextRole })}
                        aria-label={`${t(nextRole === 'admin' ? 'settings.promote' : 'settings.demote')}: ${user.email}`}
                      >
                        {t(nextRole === 'admin' ? 'settings.promote' : 'settings.demote')}
                      </Button>
                      <Button
                        size="xs"
                        variant="subtle"
                        color="gray"
                        onClick={() => setSigningOut(user)}
                        aria-label={`${t('settings.signOut')}: ${user.email}`}
                      >
                        {t('settings.signOut')}
                      </Button>
                    </>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          );
        }}
      />

      <ConfirmDialog
        opened={pending !== null}
        title={
          pending
            ? t(pending.role === 'admin' ? 'settings.confirmPromoteTitle' : 'settings.confirmDemoteTitle', {
                name: pending.user.name,
              })
            : ''
        }
        body={
          pending
            ? t(pending.role === 'admin' ? 'settings.confirmPromoteBody' : 'settings.confirmDemoteBody', {
                email: pending.user.email,
              })
            : ''
        }
        action={t(pending?.role === 'admin' ? 'settings.promote' : 'settings.demote')}
        color={pending?.role === 'admin' ? 'brand' : 'red'}
        busy={setRoleMutation.isPending}
        onCancel={() => setPending(null)}
        onConfirm={() => void confirmRoleChange()}
      />

      <Modal
        opened={showingHistory !== null}
        onClose={() => setShowingHistory(null)}
        title={showingHistory ? t('history.userTitle', { name: showingHistory.name }) : ''}
      >
        {showingHistory && <HistoryCard entity="user" id={showingHistory.id} bare />}
      </Modal>

      <ConfirmDialog
        opened={signingOut !== null}
        title={signingOut ? t('settings.confirmSignOutTitle', { name: signingOut.name }) : ''}
        body={signingOut ? t('settings.confirmSignOutBody', { email: signingOut.email }) : ''}
        action={t('settings.signOutConfirm')}
        color="red"
        busy={signOutMutation.isPending}
        onCancel={() => setSigningOut(null)}
        onConfirm={() => void confirmSignOut()}
      />
    </>
  );
}
