import { useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NoteField } from '../../../components/note-field.tsx';
import { formatDate } from '@aylal/shared/dates';
import type { AdminVisaDetail } from '@aylal/shared/schemas/visa';
import { SideCard } from '../../../components/side-card.tsx';
import { runAction } from '../../../lib/run-action.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { useVisaHold } from '../api/admin-visa.ts';

/**
 * The applicant's consent, when a decided application's documents and sensitive answers go
 * (docs/decisions/027), and the hold that keeps them: staff give a reason, and lift it when it no
 * longer applies.
 */
export function VisaRetentionCard({ data }: { data: AdminVisaDetail }) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const hold = useVisaHold(data.id);
  const [reason, setReason] = useState('');
  const [asking, setAsking] = useState(false);
  const { deletesOn, deletedAt } = data.retention;
  const scheduled = Boolean(deletesOn || deletedAt || data.hold);
  if (!scheduled && !data.consent) return null;

  async function change(next: string | null) {
    const done = await runAction(
      () => hold.mutateAsync(next),
      t(next === null ? 'visa.retention.released' : 'visa.retention.heldSaved'),
    );
    if (!done) return;
    setAsking(false);
    setReason('');
  }

  return (
    <SideCard title={t('visa.retention.title')}>
      {data.consent && (
        <Text size="sm">{t('visa.retention.consent', { date: formatDate(data.consent.at, language) })}</Text>
      )}
      {scheduled && (
        <Text size="sm">
          {deletedAt
            ? t('visa.retention.deleted', { date: formatDate(deletedAt, language) })
            : data.hold
              ? t('visa.retention.held', { date: formatDate(data.hold.at, language), reason: data.hold.reason })
              : t('visa.retention.deletesOn', { date: formatDate(deletesOn!, language) })}
        </Text>
      )}
      {scheduled &&
        !deletedAt &&
        (data.hold ? (
          <Group>
            <Button variant="light" size="xs" loading={hold.isPending} onClick={() => void change(null)}>
              {t('visa.retention.release')}
            </Button>
          </Group>
        ) : asking ? (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              if (reason.trim()) void change(reason.trim());
            }}
          >
            <NoteField
              label={t('visa.retention.reason')}
              description={t('visa.retention.reasonHint')}
              value={reason}
              onChange={setReason}
              maxLength={500}
              required
              data-autofocus
            />
            <Group mt="xs">
              <Button type="submit" size="xs" disabled={!reason.trim()} loading={hold.isPending}>
                {t('visa.retention.hold')}
              </Button>
              <Button variant="subtle" size="xs" onClick={() => setAsking(false)}>
                {t('visa.retention.cancel')}
              </Button>
            </Group>
          </form>
        ) : (
          <Group>
            <Button variant="light" size="xs" onClick={() => setAsking(true)}>
              {t('visa.retention.hold')}
            </Button>
          </Group>
        ))}
    </SideCard>
  );
}
