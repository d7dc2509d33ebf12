import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContactMineResponse, ContactRequest, ContactResponse } from '@aylal/shared/schemas/contact';
import { changed, queryKeys } from '@aylal/shared/query-keys';
import { apiRequest } from '../../../lib/api-client.ts';
import { forget } from '../../../lib/forget.ts';

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
