import { useState } from 'react';

/** The rows ticked on a list's page, and the actions of its boxes and its bulk bar. */
export interface RowSelection {
  /** The ticked rows' ids, for a bulk action. */
  ids: ReadonlySet<string>;
  count: number;
  isTicked: (id: string) => boolean;
  toggle: (id: string) => void;
  /** Every row of the page is ticked (and it has rows): the header box is ticked. */
  isAllTicked: boolean;
  /** Some rows of the page are ticked, not all: the header box shows a dash. */
  isSomeTicked: boolean;
  /** The header box: unticks every row when all are ticked, else ticks the page's rows too. */
  toggleAll: () => void;
  clear: () => void;
}

/** What the hook keeps: the ids ticked, and the page and filters they were ticked on. */
export interface TickedRows {
  key: string;
  ids: ReadonlySet<string>;
}

const NONE: ReadonlySet<string> = new Set();

/**
 * The selection of `useRowSelection` from its state: the logic, without React, so that it can be
 * tested without a DOM. `ids` are the rows of the page shown. Rows ticked under another `key`
 * are not shown as ticked and are forgotten (React's way of resetting state when a prop changes),
 * so going back to their page does not bring them back.
 */
export function readRowSelection(
  ticked: TickedRows,
  setTicked: (next: TickedRows) => void,
  ids: readonly string[],
  key: string,
): RowSelection {
  const selected = ticked.key === key ? ticked.ids : NONE;
  if (ticked.key !== key && ticked.ids.size > 0) setTicked({ key, ids: NONE });
  const select = (next: ReadonlySet<string>) => setTicked({ key, ids: next });
  const isAllTicked = ids.length > 0 && ids.every((id) => selected.has(id));
  return {
    ids: selected,
    count: selected.size,
    isTicked: (id) => selected.has(id),
    toggle: (id) => {
      const next = new Set(selected);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      select(next);
    },
    isAllTicked,
    isSomeTicked: !isAllTicked && ids.some((id) => selected.has(id)),
    toggleAll: () => select(isAllTicked ? NONE : new Set([...selected, ...ids])),
    clear: () => select(NONE),
  };
}

/**
 * The rows ticked on a back-office list (the select-all box, a box per row, the bulk bar).
 * `ids` are the ids of the rows shown; `resetKey` is what they are shown for (the list's page and
 * filters, any JSON value): ticked rows belong to the page they were ticked on, so another page or
 * filter starts with none.
 */
export function useRowSelection(ids: readonly string[], resetKey: unknown): RowSelection {
  const key = JSON.stringify(resetKey);
  const [ticked, setTicked] = useState<TickedRows>({ key, ids: NONE });
  return readRowSelection(ticked, setTicked, ids, key);
}
