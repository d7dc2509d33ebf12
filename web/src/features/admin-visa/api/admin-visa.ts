import { useCallback } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminVisaAccessLog,
  AdminVisaActionRequest,
  AdminVisaDetail,
  AdminVisaListResponse,
  AdminVisaQuery,
  VisaPaymentState,
  VisaSettings,
} from '@aylal/shared/schemas/visa';
import { changed, queryKeys } from '@aylal/shared/query-keys';
import type { VisaPassports } from '@aylal/shared/schemas/second-factor';
import { apiRequest, queryString } from '../../../lib/api-client.ts';
import { forget } from '../../../lib/forget.ts';
import { useRecordChange } from '../../../lib/use-record-change.ts';
import { useListPage } from '../../../lib/lists/list-state.ts';
import { useSaveSetting, useSetting } from '../../../lib/settings.ts';

export type AdminVisaFilter = Partial<Omit<AdminVisaQuery, 'page' | 'pageSize'>>;

const LIST_PATH = '/api/admin/visa-applications';
export const visaPath = (id: string) => `${LIST_PATH}/${encodeURIComponent(id)}`;

/** The CSV of the filtered list (every page), the same filters as the table's. */
export const visaCsvUrl = (filter: AdminVisaFilter) => `${LIST_PATH}.csv?${queryString(filter)}`;

/** A document of an application as staff open or save it. */
export const visaDocumentUrl = (id: string, documentId: string) =>
  `${visaPath(id)}/documents/${encodeURIComponent(documentId)}`;

/** The whole application as a PDF. */
export const visaPdfUrl = (id: string) => `${visaPath(id)}/pdf`;

/**
 * GET /api/admin/visa-applications/:id/passports: the passport numbers whole, asked for when
 * staff press Show (403 FRESH_SIGN_IN_REQUIRED on a sign-in older than 15 minutes; never cached).
 */
export function fetchVisaPassports(id: string) {
  return apiRequest<VisaPassports>(`${visaPath(id)}/passports`);
}

export function useAdminVisaList(filter: AdminVisaFilter & { page: number; pageSize: number }) {
  return useListPage<AdminVisaListResponse>(queryKeys.admin.visa.list(filter), LIST_PATH, filter);
}

const detailOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.admin.visa.detail(id),
    queryFn: ({ signal }) => apiRequest<AdminVisaDetail>(visaPath(id), { signal }),
  });

export function useAdminVisa(id: string) {
  return useQuery(detailOptions(id));
}

/**
 * A change staff make to one application (a state action, a note, the payment): the answer is the
 * application as it now is, and its lists are asked again; refused, its page is asked again too,
 * since another admin or the applicant may have changed it in between.
 */
function useVisaChange<Input>(id: string, send: (input: Input) => Promise<AdminVisaDetail>) {
  return useRecordChange(detailOptions(id).queryKey, send, (detail) =>
    detail ? changed.staffVisa() : changed.staffVisa(id),
  );
}

export function useVisaAction(id: string) {
  return useVisaChange(id, (request: AdminVisaActionRequest) =>
    apiRequest<AdminVisaDetail>(`${visaPath(id)}/actions`, { method: 'POST', body: request }),
  );
}

export function useVisaNote(id: string) {
  return useVisaChange(id, (note: string) =>
    apiRequest<AdminVisaDetail>(`${visaPath(id)}/notes`, { method: 'POST', body: { note } }),
  );
}

export function useVisaPayment(id: string) {
  return useVisaChange(id, (state: VisaPaymentState) =>
    apiRequest<AdminVisaDetail>(`${visaPath(id)}/payment`, { method: 'PUT', body: { state } }),
  );
}

/** Keeps a decided application from the retention sweep (a reason), or lifts the hold (null). */
export function useVisaHold(id: string) {
  return useVisaChange(id, (reason: string | null) =>
    apiRequest<AdminVisaDetail>(`${visaPath(id)}/hold`, { method: 'PUT', body: { reason } }),
  );
}

/**
 * GET /api/admin/visa-applications/:id/access-log: who looked at the application's personal data,
 * newest first. Asked again whenever staff come back to the tab (a document or the PDF opened in
 * another tab or saved is recorded there).
 */
export function useVisaAccessLog(id: string) {
  return useQuery({
    queryKey: queryKeys.admin.visa.accessLog(id),
    queryFn: ({ signal }) => apiRequest<AdminVisaAccessLog>(`${visaPath(id)}/access-log`, { signal }),
    staleTime: 0,
    refetchOnWindowFocus: 'always',
  });
}

/** How long after a document or the PDF is clicked the log is asked again: the browser has fetched it by then. */
const LINK_RECORDED_MS = 2000;

/**
 * Asks the access log again once a look was recorded: at once after the passports are shown; a
 * while after a link to a document or the PDF is followed (the browser, not this app, fetches it).
 */
export function useRefreshAccessLog(id: string) {
  const client = useQueryClient();
  const refresh = useCallback(() => void forget(client, [queryKeys.admin.visa.accessLog(id)]), [client, id]);
  const refreshAfterLink = useCallback(() => void setTimeout(refresh, LINK_RECORDED_MS), [refresh]);
  return { refresh, refreshAfterLink };
}

const SETTINGS_PATH = '/api/admin/settings/visa';

export function useVisaSettings() {
  return useSetting<VisaSettings>(queryKeys.admin.visaSettings, SETTINGS_PATH);
}

export function useSaveVisaSettings() {
  // Applicants' forms show the price (their list and each application carry it).
  const changes = [queryKeys.visa.all, ...changed.settings()];
  return useSaveSetting<VisaSettings>(queryKeys.admin.visaSettings, SETTINGS_PATH, changes);
}
