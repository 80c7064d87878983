import { useQuery } from '@tanstack/react-query';
import { listPaymentPlans, STALE_TIME_MS, type PaymentPlan } from '@mergeboard/core';
import { contractQueryOptions } from '../../../../lib/api-query';

/**
 * GET /api/workspace-billing/payment-plans/v1 (API-024), cached 30 s (CONST-026): the yearly
 * per-seat prices a pricing card shows, read from ACTIVE USD plans only (PRICE-007, PRICE-026).
 */
export function useYearlySeatPrices({ enabled }: { enabled: boolean }) {
  return useQuery({
    ...contractQueryOptions(listPaymentPlans, undefined, { staleTime: STALE_TIME_MS.paymentPlans }),
    enabled,
    select: (answer): PaymentPlan[] =>
      answer.items.filter(
        (plan) =>
          plan.status === 'ACTIVE' &&
          plan.currency === 'USD' &&
          plan.billingInterval === 'YEARLY' &&
          plan.isPerSeat,
      ),
  });
}
