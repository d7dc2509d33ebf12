import type { ReactNode } from 'react';
import { Group, Paper, Stack, Title } from '@mantine/core';

import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { AuditEntity } from '@aylal/shared/audit-rules';
import { HistoryCard } from '../../../components/history-card.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { BackLink } from '../../../components/retry-alert.tsx';

type AdminWord = ParseKeys<'admin'>;

/**
 * A catalogue record's editing route (`…/new` and `…/:id`): the way back to the list, the title,
 * the form on a card once the record is loaded, and its history. A new record, once saved, opens
 * at its own address for editing.
 */
export function editPage<T extends { id: string }>(options: {
  list: string;
  entity: AuditEntity;
  words: { back: AdminWord; create: AdminWord; edit: AdminWord };
  useRecord: (id: string | undefined) => { data?: T; isPending: boolean; isError: boolean; error: unknown };
  form: (record: T | undefined, onSaved: (saved: { id: string }) => void) => ReactNode;
}) {
  return function Component() {
    const { id } = useParams();
    const { t } = useTranslation('admin');
    const navigate = useNavigate();
    const record = options.useRecord(id);
    const onSaved = (saved: { id: string }) => {
      if (!id) void navigate(`${options.list}/${saved.id}`, { replace: true });
    };
    return (
      <Stack gap="lg">
        <Group>
          <BackLink to={options.list} label={t(options.words.back)} />
        </Group>
        <Title order={1}>{t(id ? options.words.edit : options.words.create)}</Title>
        <Paper withBorder radius="md" p="lg">
          {id && record.isPending ? (
            <PageLoader />
          ) : id && record.isError ? (
            <p role="alert">{errorMessage(record.error)}</p>
          ) : (
            options.form(record.data, onSaved)
          )}
        </Paper>
        {id && <HistoryCard entity={options.entity} id={id} />}
      </Stack>
    );
  };
}
