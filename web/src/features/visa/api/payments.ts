import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isOpenPayment } from '@aylal/shared/payment-rules';
import type { Payment, PaymentRequest } from '@aylal/shared/schemas/payments';
import { queryKeys } from '@aylal/shared/query-keys';
import { apiRequest } from '../../../lib/api-client.ts';
import { publicConfigQuery } from '../../../lib/entities/public-config.ts';
import { forget } from '../../../lib/forget.ts';

/** The ways of paying this installation offers (GET /api/config). */
export function usePaymentMethods() {
  return useQuery({ ...publicConfigQuery, select: (config) => config.paymentMethods });
}

/** Opens (or finds again) the payment of an application's processing. */
export function useStartPayment() {
  return useMutation({
    mutationFn: (request: PaymentRequest) => apiRequest<Payment>('/api/payments', { method: 'POST', body: request }),
  });
}

/**
 * A payment followed until it ends: read again every few seconds while it waits for the payer
 * (the provider's callback moves it on the server); once paid, the application shows it too.
 */
export function usePayment(id: string | null, applicationId: string) {
  const client = useQueryClient();
  return useQuery({
    queryKey: queryKeys.payment(id),
    enabled: id !== null,
    queryFn: async ({ signal }) => {
      const payment = await apiRequest<Payment>(`/api/payments/${encodeURIComponent(id!)}`, { signal });
      if (payment.state === 'paid') await forget(client, [queryKeys.visa.detail(applicationId), queryKeys.visa.mine]);
      return payment;
    },
    refetchInterval: (query) => (query.state.data && !isOpenPayment(query.state.data.state) ? false : 3_000),
  });
}
