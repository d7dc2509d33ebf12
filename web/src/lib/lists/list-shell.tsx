import type { ReactNode } from 'react';
import { Badge, Group, Pagination, Stack, Table, Text, type BadgeProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLastPage } from '../../components/pager.tsx';
import { RetryAlert } from '../../components/retry-alert.tsx';
import { ListCsvButton, ListSearch, ListSelects, type SelectSpec, type SelectSpecs } from './list-filters.tsx';
import { LIST_PAGE_SIZE, pageCount, type ListFields } from './list-state.ts';
import type { ListStateApi } from './use-list-state.ts';

/** What the shell needs of a list's query (a TanStack `useQuery` result fits). */
export interface ListQuery<T> {
  data?: { items: T[]; total: number };
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

/** A column: its heading, and `fit` for one that must never be narrower than its content (states). */
export type ListColumn = ReactNode | { label: ReactNode; fit: true };

const isFit = (column: ListColumn): column is { label: ReactNode; fit: true } =>
  typeof column === 'object' && column !== null && 'fit' in column;

/** The sort's select: its label, width and the words of each order. */
type SortSpec<F extends ListFields> = F extends { sort: { options: readonly (infer S extends string)[] } }
  ? Omit<SelectSpec<S>, 'any'>
  : never;

/**
 * A back-office list: the filters row (in this order: the search box when `search` names it, the
 * `selects`, the other `filters`, the `sort`, and the download of the filtered list as CSV), what is ticked (optional), the error with Retry, the table
 * (scrolls sideways on narrow screens; its last column, the row's actions, is named for screen
 * readers only), the empty text, and the footer with the count and the pager. A page past the end
 * (a shared link after rows were deleted) shows the last page.
 */
export function ListShell<T, F extends ListFields>(props: {
  query: ListQuery<T>;
  /** The list's state (`useListState`): its page, search and filters. */
  list: ListStateApi<F>;
  /** The search box's placeholder; without it the list has no search box. */
  search?: string;
  /** Filters among a field's options, after the search box (`ListSelects`). */
  selects?: SelectSpecs<F>;
  /** The words of a select's "any" option (the filter off), for the `selects` that name none. */
  any?: string;
  /** Any other filters, after the selects. */
  filters?: ReactNode;
  /** The select of the list's `sort` field, after the filters. */
  sort?: SortSpec<F>;
  /** The filtered list as CSV: its address and the button's words. */
  csv?: { href: string; label: string };
  /** Between the filters and the table, e.g. the actions on ticked rows. */
  toolbar?: ReactNode;
  columns: ListColumn[];
  minWidth: number;
  /** Said under the table when a loaded page has no rows. */
  empty: string;
  /** The footer's count, e.g. "12 trips". */
  count: (total: number) => string;
  /** Said before the server's message when the list does not load. */
  errorTitle?: string;
  row: (item: T) => ReactNode;
}) {
  const { t } = useTranslation('admin');
  const { query } = props;
  const { page } = props.list.values;
  const onPage = props.list.setPage;
  const total = query.data?.total ?? 0;
  const pages = pageCount(total, LIST_PAGE_SIZE);
  const loaded = query.data !== undefined && !query.isFetching;
  useLastPage(page, pages, loaded, onPage);

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end">
        {props.search !== undefined && <ListSearch list={props.list} placeholder={props.search} />}
        {props.selects && <ListSelects list={props.list} selects={props.selects} any={props.any} />}
        {props.filters}
        {props.sort && <ListSelects list={props.list} selects={{ sort: props.sort } as SelectSpecs<F>} />}
        {props.csv && <ListCsvButton {...props.csv} />}
      </Group>
      {props.toolbar}
      {query.isError && <RetryAlert query={query} title={props.errorTitle} />}
      <div>
        {/* Its scrolling part focusable and named: keyboard users scroll a wide table with the arrows. */}
        <Table.ScrollContainer
          minWidth={props.minWidth}
          scrollAreaProps={{
            viewportProps: { tabIndex: 0, role: 'region', 'aria-label': t('list.tableRegion') },
          }}
        >
          <Table striped highlightOnHover verticalSpacing="sm" aria-busy={query.isFetching}>
            <Table.Thead>
              <Table.Tr>
                {props.columns.map((column, index) => (
                  <Table.Th key={index} style={isFit(column) ? { width: '1%', whiteSpace: 'nowrap' } : undefined}>
                    {isFit(column) ? column.label : column}
                  </Table.Th>
                ))}
                <Table.Th>
                  <span className="visually-hidden">{t('settings.columns.actions')}</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{query.data?.items.map(props.row)}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {/* Under the table, not in a row of it: a wide table scrolled on a phone would hide it. */}
        {query.data?.items.length === 0 && (
          <Text c="dimmed" ta="center" py="md">
            {props.empty}
          </Text>
        )}
      </div>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {props.count(total)}
        </Text>
        {pages > 1 && <Pagination value={Math.min(page, pages)} onChange={onPage} total={pages} size="sm" />}
      </Group>
    </Stack>
  );
}

/**
 * A state in a list (published, pending…): the whole word in either language, never "PUBL…". Its
 * cell is a `fit` column, so the table gives it the room and wraps the other columns instead.
 */
export function ListBadge(props: BadgeProps & { children: ReactNode }) {
  return (
    <Badge
      variant="light"
      {...props}
      styles={{ root: { overflow: 'visible', flex: 'none', maxWidth: 'none' }, label: { overflow: 'visible' } }}
    />
  );
}
