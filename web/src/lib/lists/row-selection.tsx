import type { ReactNode } from 'react';
import { Button, Checkbox, Group, Paper, Select, Table, Text } from '@mantine/core';
import type { RowSelection } from './use-row-selection.ts';

/** The select-all box, as the first of a list's columns: ticked when every row is, a dash when some are. */
export function ListSelectAll(props: { selection: RowSelection; label: string }) {
  const { selection } = props;
  return (
    <Checkbox
      aria-label={props.label}
      checked={selection.isAllTicked}
      indeterminate={selection.isSomeTicked}
      onChange={selection.toggleAll}
    />
  );
}

/** A row's box, the first cell of the row; `label` names the row ("Select REF-123"). */
export function ListSelectCell(props: { selection: RowSelection; id: string; label: string }) {
  const { selection, id } = props;
  return (
    <Table.Td>
      <Checkbox aria-label={props.label} checked={selection.isTicked(id)} onChange={() => selection.toggle(id)} />
    </Table.Td>
  );
}

/**
 * The bar of actions on the ticked rows (a list's `toolbar`), shown while any row is ticked: how
 * many are, the actions, and a button that unticks them all when `clear` names it.
 */
export function ListBulkBar(props: { selection: RowSelection; count: string; clear?: string; children: ReactNode }) {
  const { selection } = props;
  if (selection.count === 0) return null;
  return (
    <Paper withBorder radius="md" p="sm" bg="blue.0">
      <Group gap="sm">
        <Text size="sm" fw={600}>
          {props.count}
        </Text>
        {props.children}
        {props.clear !== undefined && (
          <Button size="sm" variant="subtle" onClick={selection.clear}>
            {props.clear}
          </Button>
        )}
      </Group>
    </Paper>
  );
}

/**
 * The bulk bar of a list whose ticked rows all take one choice (a state): the choice, named for
 * screen readers by `label`, and the button that applies it.
 */
export function ListBulkChoice<V extends string>(props: {
  selection: RowSelection;
  count: string;
  clear: string;
  label: string;
  w: number;
  value: V;
  onChange: (value: V) => void;
  data: { value: V; label: string }[];
  apply: string;
  busy: boolean;
  onApply: () => void;
}) {
  return (
    <ListBulkBar selection={props.selection} count={props.count} clear={props.clear}>
      <Select
        aria-label={props.label}
        w={props.w}
        allowDeselect={false}
        value={props.value}
        onChange={(value) => value && props.onChange(value as V)}
        data={props.data}
      />
      <Button size="sm" onClick={props.onApply} loading={props.busy}>
        {props.apply}
      </Button>
    </ListBulkBar>
  );
}
