import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_WORKING_HOURS, type WorkingHours } from '@aylal/shared/consultation-rules';
import { queryKeys } from '@aylal/shared/query-keys';
import { apiRequest } from './api-client.ts';

/** The agency's working hours (Settings), with its time zone: staff's clock (docs/decisions/030). */
export const workingHoursQuery = queryOptions({
  queryKey: queryKeys.admin.workingHours,
  queryFn: ({ signal }) => apiRequest<WorkingHours>('/api/admin/settings/consultation-hours', { signal }),
});

/** The zone staff read every time in: the one Settings holds (its default until it is read). */
export function useAgencyTimeZone(): string {
  const hours = useQuery({ ...workingHoursQuery, staleTime: 5 * 60_000 });
  return hours.data?.timeZone ?? DEFAULT_WORKING_HOURS.timeZone;
}
