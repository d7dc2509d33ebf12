import { Anchor, Group, Paper, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { HistoryCard } from '../../../components/history-card.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useAdminTrip } from '../../../features/admin-trips/api/admin-trips.ts';
import { TripForm } from '../../../features/admin-trips/forms/trip-form.tsx';
import { errorMessage } from '../../../lib/api-client.ts';

/** /admin/trips/new and /admin/trips/:id: the trip form; a new trip opens for editing once saved. */
export function Component() {
  const { id } = useParams();
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const trip = useAdminTrip(id);
  return (
    <Stack gap="lg">
      <Group>
        <Anchor component={Link} to="/admin/trips" size="sm">
          <Group gap={4}>
            <IconArrowLeft size={14} />
            {t('tripForm.back')}
          </Group>
        </Anchor>
      </Group>
      <Title order={1}>{t(id ? 'tripForm.editTitle' : 'tripForm.createTitle')}</Title>
      <Paper withBorder radius="md" p="lg">
        {id && trip.isPending ? (
          <PageLoader />
        ) : id && trip.isError ? (
          <p role="alert">{errorMessage(trip.error)}</p>
        ) : (
          <TripForm
            key={trip.data?.id ?? 'new'}
            trip={trip.data}
            onSaved={(saved) => {
              if (!id) navigate(`/admin/trips/${saved.id}`, { replace: true });
            }}
          />
        )}
      </Paper>
      {id && <HistoryCard entity="trip" id={id} />}
    </Stack>
  );
}
