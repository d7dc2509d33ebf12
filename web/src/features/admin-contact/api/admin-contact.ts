import { useEffect, useRef } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminContactDetail,
  AdminContactListResponse,
  AdminContactMergeRequest,
  AdminContactQuery,
  AdminContactStaffResponse,
  ContactSettableState,
} from '@aylal/shared/schemas/contact';
import { changed, queryKeys } from '@aylal/shared/query-keys';
import { apiRequest } from '../../../lib/api-client.ts';
import { forget } from '../../../lib/forget.ts';
import { useRecordChange } from '../../../lib/use-record-change.ts';
import { useListPage } from '../../../lib/lists/list-state.ts';

export type AdminContactFilter = Partial<Omit<AdminContactQuery, 'page' | 'pageSize'>>;

const LIST_PATH = '/api/admin/contact-messages';
const messagePath = (id: string) => `${LIST_PATH}/${encodeURIComponent(id)}`;

export function useAdminContactList(filter: AdminContactFilter & { page: number; pageSize: number }) {
  return useListPage<AdminContactListResponse>(queryKeys.admin.contact.list(filter), LIST_PATH, filter);
}

/** The admins, by name: the inbox's assignee filter offers each of them. */
export function useContactStaff() {
  return useQuery({
    queryKey: queryKeys.admin.contact.staff,
    queryFn: ({ signal }) => apiRequest<AdminContactStaffResponse>(`${LIST_PATH}/staff`, { signal }),
  });
}

const detailOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.admin.contact.detail(id),
    queryFn: ({ signal }) => apiRequest<AdminContactDetail>(messagePath(id), { signal }),
  });

/** One conversation as it is: reading it changes nothing (useMarkContactRead marks it read). */
export function useAdminContact(id: string) {
  return useQuery(detailOptions(id));
}

/** A change to one conversation: the answer is the conversation as it now is; the lists are asked again. */
function useContactChange<Input>(id: string, send: (input: Input) => Promise<AdminContactDetail>) {
  return useRecordChange(detailOptions(id).queryKey, send, (detail) =>
    detail ? changed.staffContact() : changed.staffContact(id),
  );
}

const post = (id: string, action: string, body: unknown) =>
  apiRequest<AdminContactDetail>(`${messagePath(id)}/${action}`, { method: 'POST', body });

/**
 * Staff opened the conversation: marks it read (and a new one open) once per page, when the
 * server still shows it unread or new; the answer replaces the conversation, the lists are asked again.
 */
export function useMarkContactRead(id: string, detail: AdminContactDetail | undefined) {
  const client = useQueryClient();
  const marked = useRef<string | null>(null);
  const { mutate } = useMutation({
    mutationFn: () => post(id, 'read', undefined),
    onSuccess: (answer) => client.setQueryData(detailOptions(id).queryKey, answer),
    onSettled: () => forget(client, [queryKeys.admin.contact.lists]),
  });
  const needed = detail !== undefined && (detail.unread || detail.state === 'new');
  useEffect(() => {
    if (!needed || marked.current === id) return;
    marked.current = id;
    mutate();
  }, [needed, id, mutate]);
}

export const useContactReply = (id: string) => useContactChange(id, (body: string) => post(id, 'reply', { body }));
export const useContactNote = (id: string) => useContactChange(id, (note: string) => post(id, 'notes', { note }));
export const useContactAssign = (id: string) =>
  useContactChange(id, (assigneeId: string | null) => post(id, 'assign', { assigneeId }));
export const useContactState = (id: string) =>
  useContactChange(id, (state: ContactSettableState) => post(id, 'state', { state }));
/** Merging into another conversation; two people's only with `confirmDifferentPeople` (CONTACT_MERGE_OTHER_PERSON otherwise). */
export const useContactMerge = (id: string) =>
  useContactChange(id, (input: AdminContactMergeRequest) => post(id, 'merge', input));

export function useContactBulkState() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { ids: string[]; state: ContactSettableState }) =>
      apiRequest<{ changed: number }>(`${LIST_PATH}/bulk/state`, { method: 'POST', body: input }),
    onSettled: () =>
      forget(client, [queryKeys.admin.contact.lists, ['admin', 'contact', 'detail'], queryKeys.admin.history.all]),
  });
}
