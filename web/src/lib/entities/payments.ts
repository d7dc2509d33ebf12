import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { isOpenPayment } from '@aylal/shared/payment-rules';
import type { PaymentCurrency } from '@aylal/shared/payment-rules';
import type { ManualPaymentRequest, Payment, PaymentRequest } from '@aylal/shared/schemas/payments';
import { changed, queryKeys } from '@aylal/shared/query-keys';
import { apiRequest } from '../api-client.ts';
import { forget } from '../forget.ts';
import { publicConfigQuery } from './public-config.ts';

/** The ways of paying this installation offers (GET /api/config). */
export function usePaymentMethods() {
  return useQuery({ ...publicConfigQuery, select: (config) => config.paymentMethods });
}

/** Opens (or finds again) the payment of what `request` pays for: a visa processing, a consultation's fee. */
export function useStartPayment() {
  return useMutation({
    mutationFn: (request: PaymentRequest) => apiRequest<Payment>('/api/payments', { method: 'POST', body: request }),
  });
}

/**
 * A payment followed until it ends: read again every few seconds while it waits for the payer
 * (the provider's callback moves it on the server); once paid, what it paid for (`paidKeys`) is
 * read again too.
 */
export function usePayment(id: string | null, paidKeys: QueryKey[]) {
  const client = useQueryClient();
  return useQuery({
    queryKey: queryKeys.payment(id),
    enabled: id !== null,
    queryFn: async ({ signal }) => {
      const payment = await apiRequest<Payment>(`/api/payments/${encodeURIComponent(id!)}`, { signal });
      if (payment.state === 'paid') await forget(client, paidKeys);
      return payment;
    },
    refetchInterval: (query) => (query.state.data && !isOpenPayment(query.state.data.state) ? false : 3_000),
  });
}

/**
 * POST /api/admin/payments (staff): money received by hand for `target`, in tögrög or dollars. The
 * payments list and what it paid for (an application, a consultation) are asked again.
 */
export function useRecordPayment(target: ManualPaymentRequest['for']) {
  const client = useQueryClient();
  const visaApplicationId = 'visaApplicationId' in target ? target.visaApplicationId : undefined;
  return useMutation({
    mutationFn: (currency: PaymentCurrency) =>
      apiRequest<Payment>('/api/admin/payments', { method: 'POST', body: { for: target, currency } }),
    onSettled: () => forget(client, changed.payment(visaApplicationId)),
  });
}
