import { MEMBER_TEXTS, SEATS, type SeatPurchase, type UserPlan } from '@mergeboard/core';
import type { AppContext } from '../../../app-context';
import { AppError } from '../../../http/app-error';
import { readInvoice } from '../payment-state/latest-invoice';
import { syncBillingCustomer } from '../sync/billing-sync';
import { idOf } from '../sync/stripe-shapes';
import { withChangeLease } from '../subscription-change/change-lease';
import { changeableSubscription, seatItemOf, seatPlanOf } from '../subscription-change/live-subscription';
import { pendingSeatRemovalOf } from '../subscription-change/subscription-queries';
import { plannedNextPeriod } from '../subscription-change/next-phase';
import { previewedProrationDate } from './proration-date';
import { addSeatsToNextPhase } from './seat-phase-followup';
import { setPendingSeatPhase } from './seat-queries';

interface AddSeatsRequest {
  workspaceId: string;
  subscriptionId: string;
  seatPlans: { userPlan: Exclude<UserPlan, 'FREE'>; quantity: number }[];
  prorationDate?: number | undefined;
}

/** SEAT-007: a purchase never takes a subscription past the paid-user maximum. */
export function requireSeatRoom(current: number, added: number): number {
  const target = current + added;
  if (target > SEATS.maximum) {
    throw new AppError('max_users_reached', MEMBER_TEXTS.maxPaidUsers(SEATS.maximum));
  }
  return target;
}

/** The seat plan named by the request must be the subscription's own. */
export function requireOwnSeatPlan(own: UserPlan, requested: { userPlan: UserPlan }[]): void {
  if (requested.some((plan) => plan.userPlan !== own)) {
    const message = `seatPlans must name the subscription’s plan, ${own}`;
    throw new AppError('validation_failed', message, { fields: { 'body.seatPlans': message } });
  }
}

/**
 * API-035, SEAT-015: adds seats now (design/payments.md §3). The prorated amount is invoiced and
 * charged at once (always_invoice) at the previewed proration date (only while that preview holds,
 * proration-date.ts), or the provider's now without one, and the new quantity applies
 * only once that invoice is paid (pending_if_incomplete): a card asking for confirmation answers
 * REQUIRES_CONFIRMATION with the invoice's page; a declined card voids the invoice, which drops
 * the pending update, and answers 402 with nothing changed. Changes of one subscription take turns
 * (the change lease), so concurrent purchases each charge once and all their seats add up.
 */
export async function addSeats(context: AppContext, request: AddSeatsRequest): Promise<SeatPurchase> {
  const { db } = context.database;
  const { stripe } = context.payments;
  const row = await changeableSubscription(db, request);
  const { seats } = await seatPlanOf(db, row.id);
  requireOwnSeatPlan(seats.userPlan, request.seatPlans);
  const added = request.seatPlans.reduce((sum, plan) => sum + plan.quantity, 0);

  return withChangeLease(db, row.id, async () => {
    if (await pendingSeatRemovalOf(db, row.id)) {
      throw new AppError(
        'seat_removal_scheduled',
        'A seat removal is scheduled: cancel it before adding seats.',
      );
    }
    const subscription = await stripe.subscriptions.retrieve(row.providerSubscriptionId, {
      expand: ['discounts'],
    });
    const item = seatItemOf(subscription);
    const current = item.quantity ?? 1;
    const target = requireSeatRoom(current, added);
    const prorationDate = await previewedProrationDate(stripe, subscription, request.prorationDate);
    const when = prorationDate ?? 'now';
    const updated = await stripe.subscriptions.update(
      subscription.id,
      {
        items: [{ id: item.id, quantity: target }],
        proration_behavior: 'always_invoice',
        payment_behavior: 'pending_if_incomplete',
        expand: ['discounts'],
        ...(prorationDate ? { proration_date: prorationDate } : {}),
      },
      // The intent: these seats on top of this state; a retry of the same request is the same key.
      {
        idempotencyKey: `seats:${request.workspaceId}:${subscription.id}:${idOf(subscription.latest_invoice)}:${current}+${added}@${when}`,
      },
    );
    const invoiceId = idOf(updated.latest_invoice);
    if (!invoiceId) throw new AppError('payment_provider_error', 'The payment provider made no invoice.');
    const invoice = await readInvoice(stripe, invoiceId, row.currency);
    if (invoice.paymentState === 'PAYMENT_FAILED') {
      await stripe.invoices.voidInvoice(invoiceId, {}, { idempotencyKey: `void:${invoiceId}` });
      throw new AppError('payment_failed', 'Your card was declined. No seats were added.');
    }
    if (updated.schedule) {
      // A schedule's next phase would otherwise sell the old quantity again at the renewal. It may
      // sell fewer than today (members made free at the renewal): the new seats come on top.
      const seats = { nextBefore: (await plannedNextPeriod(stripe, subscription)).quantity, added };
      if (invoice.paid) await addSeatsToNextPhase(stripe, updated, invoiceId, seats);
      else {
        await setPendingSeatPhase(db, row.id, { invoiceId, ...seats });
      }
    }
    await syncBillingCustomer(db, stripe, row.providerCustomerId ?? idOf(updated.customer)!);
    return { subscriptionId: row.id, expectedTotalSeats: target, latestInvoice: invoice };
  });
}
