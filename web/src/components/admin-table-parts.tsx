import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

// The list shell (table, footer, pager) is lib/lists/list-shell.tsx; what remains here is shared
// by lists and forms.

/** Asks before a change that matters (a role, a deletion): Cancel or the action itself. */
export function ConfirmDialog({
  opened,
  title,
  body,
  warning,
  action,
  color,
  busy,
  onCancel,
  onConfirm,
}: {
  opened: boolean;
  title: string;
  body: string;
  /** Something to weigh before confirming, shown under the body. */
  warning?: string;
  action: string;
  color: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation(['common']);
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <Stack>
        <Text size="sm">{body}</Text>
        {warning && (
          <Alert color="orange" p="xs">
            <Text size="sm">{warning}</Text>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common:cancel')}
          </Button>
          <Button color={color} onClick={onConfirm} loading={busy}>
            {action}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
