import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaymentCurrency } from '@aylal/shared/payment-rules';
import type { AdminPayments, Payment, RefundRequest } from '@aylal/shared/schemas/payments';
import { changed, queryKeys } from '@aylal/shared/query-keys';
import { apiRequest } from '../../../lib/api-client.ts';
import { forget } from '../../../lib/forget.ts';

/** GET /api/admin/payments?visaApplicationId=: the payments made for an application, newest first. */
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
 * application's page and lists are asked again either way: a full refund changes its processing,
 * a refusal may come from a refund someone else made.
 */
export function useRefundPayment(applicationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...request }: RefundRequest & { id: string }) =>
      apiRequest<Payment>(`/api/admin/payments/${encodeURIComponent(id)}/refund`, { method: 'POST', body: request }),
    onSettled: () => forget(client, changed.staffVisa(applicationId)),
  });
}

/** POST /api/admin/payments: staff record the processing paid by hand (cash at the office), in tögrög or dollars. */
export function useRecordPayment(applicationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (currency: PaymentCurrency) =>
      apiRequest<Payment>('/api/admin/payments', {
        method: 'POST',
        body: { for: { visaApplicationId: applicationId }, currency },
      }),
    onSettled: () => forget(client, changed.staffVisa(applicationId)),
  });
}
