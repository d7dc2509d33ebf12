import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { apiRequest, queryString } from '../api-client.ts';

/** A list endpoint's filter as the web asks it: any of the query's filters, and always the page and its size. */
export type PageFilter<Query> = Partial<Omit<Query, 'page' | 'pageSize'>> & { page: number; pageSize: number };

/** One page of a back-office list (`path?filter`), the page on screen kept while the next one loads. */
export function useListPage<Page>(queryKey: QueryKey, path: string, filter: Parameters<typeof queryString>[0]) {
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => apiRequest<Page>(`${path}?${queryString(filter)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
