import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../components/page-shell.tsx';
import { TripsTable } from '../../../features/admin-trips/components/trips-table.tsx';

export function Component() {
  const { t } = useTranslation('admin');
  return (
    <PageShell
      title={t('nav.trips')}
      intro={t('trips.intro')}
      action={
        <Button component={Link} to="/admin/trips/new" leftSection={<IconPlus size={16} />}>
          {t('tripForm.newTrip')}
        </Button>
      }
    >
      <TripsTable />
    </PageShell>
  );
}
