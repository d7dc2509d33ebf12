import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session.ts';
import { getUsers } from '../../../features/admin-users/api/get-users.ts';
import { queryKeys } from '@aylal/shared/query-keys';

export function Component() {
  const { t } = useTranslation('admin');
  const session = useSession();
  const numberFormat = new Intl.NumberFormat('en-US'); // commas group digits in both languages
  const counts = useQuery({
    queryKey: queryKeys.admin.users.counts,
    queryFn: async () => {
      const [all, admins] = await Promise.all([
        getUsers({ page: 1, pageSize: 1 }),
        getUsers({ page: 1, pageSize: 1, role: 'admin' }),
      ]);
      return { users: all.total, admins: admins.total };
    },
  });
  const stats = [
    { key: 'users', value: counts.data?.users },
    { key: 'admins', value: counts.data?.admins },
  ] as const;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('dashboard.greeting', { name: session.user?.name ?? '' })}</Title>
        <Text c="dimmed">{t('dashboard.intro')}</Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        {stats.map((stat) => (
          <Card key={stat.key} withBorder radius="md" padding="lg">
            <Text size="sm" c="dimmed">
              {t(`dashboard.${stat.key}`)}
            </Text>
            <Text fz={32} fw={750}>
              {stat.value === undefined ? '–' : numberFormat.format(stat.value)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <Group>
        <Button component={Link} to="/admin/settings" variant="light">
          {t('dashboard.manageUsers')}
        </Button>
      </Group>
    </Stack>
  );
}
