import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Asks before a change that matters (a role, a deletion, a withdrawal): the way back, or the
 * action itself. Every screen that asks first uses it, back office and account alike.
 */
export function ConfirmDialog({
  opened,
  title,
  body,
  warning,
  action,
  color,
  busy = false,
  cancel,
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
  busy?: boolean;
  /** The way back's words; `common:cancel` unless the screen says "Keep" or the like. */
  cancel?: string;
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
            {cancel ?? t('common:cancel')}
          </Button>
          <Button color={color} onClick={onConfirm} loading={busy}>
            {action}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
