import type { ReactNode } from 'react';
import { Alert, Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/api-client.ts';

/** What the back office needs of a query that may fail (a TanStack `useQuery` result fits). */
interface RetriableQuery {
  error: unknown;
  refetch: () => unknown;
}

/** A back-office query that failed: the server's message (after `title`, when given) and Retry. */
export function RetryAlert(props: { query: RetriableQuery; title?: string }) {
  const { t } = useTranslation('admin');
  const { query } = props;
  return (
    <Alert color="red" role="alert">
      <Group justify="space-between" gap="sm">
        <Text size="sm">
          {props.title && `${props.title} `}
          {errorMessage(query.error)}
        </Text>
        <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
          {t('list.retry')}
        </Button>
      </Group>
    </Alert>
  );
}

/** A back-office page whose record has not loaded: its `back` link over the loader, or over the failure with Retry. */
export function NotLoaded(props: { back: ReactNode; query: RetriableQuery & { isError: boolean } }) {
  return (
    <Stack gap="lg">
      {props.back}
      {props.query.isError ? <RetryAlert query={props.query} /> : <Loader size="sm" />}
    </Stack>
  );
}

/** A signed-in page's part that did not load: what failed as the alert's `title`, and the `retry` button under it. */
export function LoadFailedAlert(props: { query: RetriableQuery; title: string; retry: string }) {
  return (
    <Alert color="red" title={props.title}>
      <Button variant="light" color="red" mt="sm" onClick={() => void props.query.refetch()}>
        {props.retry}
      </Button>
    </Alert>
  );
}

/** A back-office page's way back to its list: a small arrow and `label`. */
export function BackLink(props: { to: string; label: string }) {
  return (
    <Anchor component={Link} to={props.to} size="sm">
      <Group gap={4}>
        <IconArrowLeft size={14} />
        {props.label}
      </Group>
    </Anchor>
  );
}
