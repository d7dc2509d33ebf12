import { useState } from 'react';
import { randomId } from '@mantine/hooks';
import type { UseFormReturnType } from '@mantine/form';
import { moveItem } from '../move-item.ts';

export interface FormListRow<Item> {
  /** Stable while the form is open: the row's React key, kept when rows above it move or go. */
  key: string;
  index: number;
  item: Item;
  /** The dotted path of a field of this row ("stops.2.place.en"). */
  path: (field?: string) => string;
}

/**
 * A list field of a form (CV entries, trip stops, days, dates): its rows with stable keys, and the
 * one way to add, move (lib/move-item.ts) and remove them.
 */
export function useFormList<Values, Item>(form: UseFormReturnType<Values>, path: string) {
  const items = (path
    .split('.')
    .reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], form.values) ?? []) as Item[];
  const [keys, setKeys] = useState(() => items.map(() => randomId()));
  // Values replaced from outside (a saved CV loaded over the form): new rows, new keys.
  if (keys.length !== items.length) setKeys(items.map((_, index) => keys[index] ?? randomId()));

  const write = (next: Item[]) => form.setFieldValue(path as never, next as never);
  const rows: FormListRow<Item>[] = items.map((item, index) => ({
    key: keys[index] ?? String(index),
    index,
    item,
    path: (field) => (field ? `${path}.${index}.${field}` : `${path}.${index}`),
  }));

  return {
    rows,
    count: items.length,
    add: (item: Item) => {
      setKeys((current) => [...current, randomId()]);
      write([...items, item]);
    },
    remove: (index: number) => {
      setKeys((current) => current.filter((_, at) => at !== index));
      write(items.filter((_, at) => at !== index));
    },
    move: (index: number, delta: number) => {
      setKeys((current) => moveItem(current, index, delta));
      write(moveItem(items, index, delta));
    },
  };
}
