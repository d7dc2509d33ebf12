import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ContactFormTokenResponse,
  ContactMineResponse,
  ContactRequest,
  ContactResponse,
} from '@aylal/shared/schemas/contact';
import { changed, queryKeys } from '@aylal/shared/query-keys';
import { apiRequest } from '../../../lib/api-client.ts';
import { forget } from '../../../lib/forget.ts';

/**
 * The server's token of when the form opened (GET /api/contact/form-token), asked for as the form
 * opens and kept as it is (never refreshed behind the person's back: a fresh one would be "too
 * fast"); sending forgets it, so the next form has its own.
 */
export const contactFormTokenOptions = queryOptions({
  queryKey: queryKeys.contact.formToken,
  queryFn: ({ signal }) => apiRequest<ContactFormTokenResponse>('/api/contact/form-token', { signal }),
  staleTime: Infinity,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
});

export function useContactFormToken() {
  return useQuery(contactFormTokenOptions);
}

/** POST /api/contact: anyone may send; answers the reference. */
export function useSendContact() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: ContactRequest) =>
      apiRequest<ContactResponse>('/api/contact', { method: 'POST', body: request }),
    onSuccess: () => forget(client, changed.contact()),
  });
}

/** The signed-in person's own messages with the replies (`enabled` only when signed in). */
export function useMyContactMessages(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.contact.mine,
    queryFn: ({ signal }) => apiRequest<ContactMineResponse>('/api/contact/mine', { signal }),
    enabled,
  });
}
