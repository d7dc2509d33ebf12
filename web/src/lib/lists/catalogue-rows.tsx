import { useState } from 'react';
import { ActionIcon, Button, Group, Table, Tooltip } from '@mantine/core';
import { IconExternalLink, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { runAction } from '../run-action.ts';

/**
 * A catalogue row's actions (staff's trips and jobs): its next state as a button, its public page
 * while travellers can see it, and delete. Each names the row for a screen reader ("Delete: Gobi").
 */
export function CatalogueRowActions(props: {
  name: string;
  next: { label: string; color: string; onClick: () => void };
  view?: { label: string; to: string };
  remove: { label: string; onClick: () => void };
}) {
  const { name, next, view, remove } = props;
  return (
    <Table.Td>
      <Group gap={4} wrap="nowrap" justify="flex-end">
        <Button
          size="xs"
          variant="light"
          color={next.color}
          onClick={next.onClick}
          aria-label={`${next.label}: ${name}`}
        >
          {next.label}
        </Button>
        {view && (
          <Tooltip label={view.label}>
            <ActionIcon component={Link} to={view.to} variant="subtle" aria-label={`${view.label}: ${name}`}>
              <IconExternalLink size={16} />
            </ActionIcon>
          </Tooltip>
        )}
        <Tooltip label={remove.label}>
          <ActionIcon variant="subtle" color="red" onClick={remove.onClick} aria-label={`${remove.label}: ${name}`}>
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Table.Td>
  );
}

/**
 * Deleting a row after asking: `ask(row)` opens the dialog, `dialog` is to be drawn once on the
 * screen; the deletion's outcome is a toast.
 */
export function useConfirmedDelete<T extends { id: string }>(options: {
  remove: { mutateAsync: (id: string) => Promise<unknown>; isPending: boolean };
  title: (row: T) => string;
  body: string;
  action: string;
  done: (row: T) => string;
}) {
  const [deleting, setDeleting] = useState<T | null>(null);

  async function confirm() {
    if (!deleting) return;
    await runAction(() => options.remove.mutateAsync(deleting.id), options.done(deleting));
    setDeleting(null);
  }

  const dialog = (
    <ConfirmDialog
      opened={deleting !== null}
      title={deleting ? options.title(deleting) : ''}
      body={options.body}
      action={options.action}
      color="red"
      busy={options.remove.isPending}
      onCancel={() => setDeleting(null)}
      onConfirm={() => void confirm()}
    />
  );
  return { ask: setDeleting, dialog };
}
