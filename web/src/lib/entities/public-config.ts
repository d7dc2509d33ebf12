import { queryOptions } from '@tanstack/react-query';
import { queryKeys } from '@aylal/shared/query-keys';
import { apiRequest } from '../api-client.ts';

/** GET /api/config: what this installation offers (Google sign-in, the ways of paying online). */
export interface PublicConfig {
  googleEnabled: boolean;
  paymentMethods: ('qpay' | 'card')[];
}

/** The installation's public settings, read once per page load by whichever feature asks first. */
export const publicConfigQuery = queryOptions({
  queryKey: queryKeys.publicConfig,
  queryFn: ({ signal }) => apiRequest<PublicConfig>('/api/config', { signal }),
  staleTime: Infinity,
});
