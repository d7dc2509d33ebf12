import type { ReactNode } from 'react';
import { Button, Group, Modal, Pagination, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A back-office table: scrolls sideways on narrow screens, names its columns (the last, the row's
 * actions, for screen readers only), and says `empty` when a loaded page has no rows.
 */
export function AdminTable(props: {
  minWidth: number;
  /** Column headings (text, or a control such as a select-all box). */
  columns: ReactNode[];
  actionsLabel: string;
  busy: boolean;
  empty: string | false;
  children: ReactNode;
}) {
  return (
    <div>
      <Table.ScrollContainer minWidth={props.minWidth}>
        <Table striped highlightOnHover verticalSpacing="sm" aria-busy={props.busy}>
          <Table.Thead>
            <Table.Tr>
              {props.columns.map((column, index) => (
                <Table.Th key={index}>{column}</Table.Th>
              ))}
              <Table.Th>
                <span className="visually-hidden">{props.actionsLabel}</span>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{props.children}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {/* Under the table, not in a row of it: a wide table scrolled on a phone would hide it. */}
      {props.empty && (
        <Text c="dimmed" ta="center" py="md">
          {props.empty}
        </Text>
      )}
    </div>
  );
}

/** Under a back-office table: how many rows match, and the pages when there are several. */
export function TableFooter({
  summary,
  page,
  pages,
  onPage,
}: {
  summary: string;
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  return (
    <Group justify="space-between">
      <Text size="sm" c="dimmed">
        {summary}
      </Text>
      {pages > 1 && <Pagination value={page} onChange={onPage} total={pages} size="sm" />}
    </Group>
  );
}

/** Asks before a change that matters (a role, a deletion): Cancel or the action itself. */
export function ConfirmDialog({
  opened,
  title,
  body,
  action,
  color,
  busy,
  onCancel,
  onConfirm,
}: {
  opened: boolean;
  title: string;
  body: string;
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
