import { useState } from 'react';
import { Alert, Badge, Button, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AdminUser } from '@aylal/shared/schemas/admin-users';
import { ROLES, type Role } from '@aylal/shared/auth-rules';
import { formatDate } from '@aylal/shared/dates';
import { AdminTable, ConfirmDialog, TableFooter } from '../../../components/admin-table-parts.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { useUsers } from '../api/get-users.ts';
import { useSetRole } from '../api/set-role.ts';
import { useSignOutUser } from '../api/sign-out-user.ts';
import { useLanguage } from '../../../lib/use-language.ts';

const PAGE_SIZE = 20;

/**
 * The admin list of Settings: search, role filter, paging; promote, demote and sign out everywhere,
 * each after a confirmation.
 */
export function UsersTable({ currentUserId }: { currentUserId: string }) {
  const { t } = useTranslation(['admin', 'common']);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [role, setRole] = useState<Role | null>(null);
  const [page, setPage] = useState(1);
  const [pending, setPending] = useState<{ user: AdminUser; role: Role } | null>(null);
  const [signingOut, setSigningOut] = useState<AdminUser | null>(null);
  const users = useUsers({ q: debouncedSearch || undefined, role: role ?? undefined, page, pageSize: PAGE_SIZE });
  const setRoleMutation = useSetRole();
  const signOutMutation = useSignOutUser();

  const language = useLanguage();
  const totalPages = Math.max(1, Math.ceil((users.data?.total ?? 0) / PAGE_SIZE));

  async function confirmRoleChange() {
    if (!pending) return;
    try {
      await setRoleMutation.mutateAsync({ userId: pending.user.id, role: pending.role });
      notifySuccess(
        t(pending.role === 'admin' ? 'settings.promoted' : 'settings.demoted', { name: pending.user.name }),
      );
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setPending(null);
    }
  }

  async function confirmSignOut() {
    if (!signingOut) return;
    try {
      await signOutMutation.mutateAsync(signingOut.id);
      notifySuccess(t('settings.signedOut', { name: signingOut.name }));
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setSigningOut(null);
    }
  }

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end">
        <TextInput
          label={t('common:search')}
          placeholder={t('settings.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          maxLength={200}
          style={{ flex: 1, minWidth: 220 }}
        />
        <Select
          label={t('settings.roleFilter')}
          data={[
            { value: '', label: t('settings.allRoles') },
            ...ROLES.map((value) => ({ value, label: t(`settings.roles.${value}`) })),
          ]}
          value={role ?? ''}
          onChange={(value) => {
            setRole(value === 'user' || value === 'admin' ? value : null);
            setPage(1);
          }}
          allowDeselect={false}
          w={180}
        />
      </Group>

      {users.isError && (
        <Alert color="red" role="alert">
          {t('settings.loadFailed')} {errorMessage(users.error)}
        </Alert>
      )}

      <AdminTable
        minWidth={720}
        columns={[
          t('settings.columns.name'),
          t('settings.columns.email'),
          t('settings.columns.role'),
          t('settings.columns.joined'),
          t('settings.columns.lastLogin'),
        ]}
        actionsLabel={t('settings.columns.actions')}
        busy={users.isFetching}
        empty={users.data?.items.length === 0 && t('settings.empty')}
      >
        {users.data?.items.map((user) => {
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
              <Table.Td>
                <Text size="sm">{user.email}</Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Badge
                  color={user.role === 'admin' ? 'brand' : 'gray'}
                  variant="light"
                  // The whole word, never "AD…": the column gives way to the actions beside it.
                  styles={{ label: { overflow: 'visible' } }}
                  style={{ flex: 'none' }}
                >
                  {t(`settings.roles.${user.role}`)}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatDate(user.createdAt, language)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  {user.lastLoginAt ? formatDate(user.lastLoginAt, language, { withTime: true }) : t('settings.never')}
                </Text>
              </Table.Td>
              <Table.Td>
                {!isSelf && (
                  <Group gap={4} wrap="nowrap">
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
                  </Group>
                )}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </AdminTable>

      <TableFooter
        summary={t('settings.total', { count: users.data?.total ?? 0 })}
        page={page}
        pages={totalPages}
        onPage={setPage}
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
    </Stack>
  );
}
