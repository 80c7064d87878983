/**
 * 000 §4: what a subscription's latest invoice says about its payment. A paid invoice clears
 * everything (BILL-020); otherwise the payment intent decides: requires_payment_method is a
 * failed payment (BILL-018), requires_action or requires_confirmation waits for the person to
 * confirm it (BILL-019). Any other unpaid state (processing, a draft) is simply not paid yet.
 */
export const PAYMENT_STATES = ['PAID', 'PAYMENT_FAILED', 'REQUIRES_CONFIRMATION', 'PENDING'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

export function paymentStateOf(invoice: {
  paid: boolean;
  paymentIntent: { status: string | null };
}): PaymentState {
  if (invoice.paid) return 'PAID';
  const status = invoice.paymentIntent.status;
  if (status === 'requires_payment_method') return 'PAYMENT_FAILED';
  if (status === 'requires_action' || status === 'requires_confirmation') return 'REQUIRES_CONFIRMATION';
  return 'PENDING';
}
