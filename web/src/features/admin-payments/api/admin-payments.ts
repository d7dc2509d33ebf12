import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminPayments, AdminPaymentsQuery, Payment, RefundRequest } from '@aylal/shared/schemas/payments';
import { changed, queryKeys } from '@aylal/shared/query-keys';
import { apiRequest, queryString } from '../../../lib/api-client.ts';
import { forget } from '../../../lib/forget.ts';
import { useListPage, type PageFilter } from '../../../lib/lists/list-state.ts';

export type PaymentsFilter = PageFilter<AdminPaymentsQuery>;

/** GET /api/admin/payments: a page of staff's payments list, newest first. */
export function usePaymentsList(filter: PaymentsFilter) {
  return useListPage<AdminPayments>(queryKeys.admin.payments.list(filter), '/api/admin/payments', filter);
}

/** The filtered list as CSV, in the reader's language (a plain link: the browser downloads it). */
export function paymentsCsvUrl(filter: Omit<PaymentsFilter, 'page' | 'pageSize'>, language: string) {
  return `/api/admin/payments.csv?${queryString({ ...filter, lang: language })}`;
}

/** The payments made for an application's processing, newest first (under its page's key). */
export function useVisaPayments(applicationId: string) {
  return useQuery({
    queryKey: queryKeys.admin.visa.payments(applicationId),
    queryFn: ({ signal }) =>
      apiRequest<AdminPayments>(`/api/admin/payments?visaApplicationId=${encodeURIComponent(applicationId)}`, {
        signal,
      }),
  });
}

/**
 * POST /api/admin/payments/:id/refund: gives back all that is left (no amount) or part of it. The
 * lists and what it paid for are asked again either way: a full refund changes an application's
 * processing, a refusal may come from a refund someone else made.
 */
export function useRefundPayment(visaApplicationId?: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...request }: RefundRequest & { id: string }) =>
      apiRequest<Payment>(`/api/admin/payments/${encodeURIComponent(id)}/refund`, { method: 'POST', body: request }),
    onSettled: () => forget(client, changed.payment(visaApplicationId)),
  });
}
