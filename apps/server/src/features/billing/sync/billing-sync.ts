import { SEATS, type UserPlan } from '@mergeboard/core';
import type Stripe from 'stripe';
import type { Db, Tx } from '../../../db/client';
import type { paymentPlans } from '../../../db/schema';
import { makeMembersPaid, settleScheduledDowngrades } from '../seats/paid-seats';
import { readNextPlan, scheduledIntervalOf, syncSeatRemoval, type NextPlan } from './schedule-sync';
import { couponIdOf, fromUnix, idOf, invoiceStatusOf, subscriptionStatusOf } from './stripe-shapes';
import {
  aPaidMemberOf,
  closeCheckoutSession,
  deleteSeatPlans,
  makeSpaceFree,
  moveSeatPlanToPrice,
  openCheckoutSessionsOf,
  ownersOf,
  paymentPlansOfPrices,
  seatPlanRowsOf,
  setSpacePlan,
  spaceOfCustomer,
  subscriptionOfProvider,
  upsertInvoice,
  upsertSeatPlan,
  upsertSubscriptionRow,
} from './sync-queries';

/** What the provider says now about one subscription, read before any write. */
interface ProviderState {
  subscription: Stripe.Subscription;
  invoice: Stripe.Invoice | null;
  coupon: Stripe.Coupon | null;
  paymentIntentStatus: string | null;
  next: NextPlan | null;
}

async function readState(stripe: Stripe, id: string): Promise<ProviderState> {
  const subscription = await stripe.subscriptions.retrieve(id, { expand: ['discounts', 'schedule'] });
  const couponId = couponIdOf(subscription);
  const invoiceId = idOf(subscription.latest_invoice);
  const invoice = invoiceId ? await stripe.invoices.retrieve(invoiceId, { expand: ['payments'] }) : null;
  const intentId = idOf(invoice?.payments?.data[0]?.payment.payment_intent ?? null);
  const intent = intentId ? await stripe.paymentIntents.retrieve(intentId) : null;
  return {
    subscription,
    invoice,
    coupon: couponId ? await stripe.coupons.retrieve(couponId) : null,
    paymentIntentStatus: intent?.status ?? null,
    next: await readNextPlan(stripe, subscription),
  };
}

/**
 * A price change (the billing cycle, at a phase change) moves a seat plan row to the new price,
 * so the seats assigned to members stay counted; rows of prices the subscription no longer sells
 * go.
 */
async function followPriceChanges(
  tx: Tx,
  subscriptionId: string,
  itemPlans: (typeof paymentPlans.$inferSelect)[],
): Promise<void> {
  const rows = await seatPlanRowsOf(tx, subscriptionId);
  const sold = new Set(itemPlans.map((plan) => plan.id));
  for (const plan of itemPlans) {
    if (rows.some((row) => row.paymentPlanId === plan.id)) continue;
    const previous = rows.find((row) => row.userPlan === plan.userPlan && !sold.has(row.paymentPlanId));
    if (!previous) continue;
    await moveSeatPlanToPrice(tx, previous.id, plan.id);
    rows.splice(rows.indexOf(previous), 1);
  }
  const stale = rows.filter((row) => !sold.has(row.paymentPlanId)).map((row) => row.id);
  if (stale.length > 0) await deleteSeatPlans(tx, stale);
}

async function upsertSubscription(
  tx: Tx,
  workspaceId: string,
  customer: Stripe.Customer,
  state: ProviderState,
): Promise<{ workspacePlan: string; isPerSeat: boolean; userPlans: string[]; status: string } | null> {
  const { subscription, coupon } = state;
  const items = subscription.items.data;
  const priceIds = items.map((item) => item.price.id);
  const { next } = state;
  const plans = priceIds.length
    ? await paymentPlansOfPrices(tx, next ? [...priceIds, next.priceId] : priceIds)
    : [];
  const first = plans.find((plan) => plan.stripePriceId === items[0]?.price.id);
  // A subscription to prices this install does not sell is not ours to show.
  if (!first || !items[0]) return null;
  const amount = items.reduce((sum, item) => sum + (item.price.unit_amount ?? 0) * (item.quantity ?? 1), 0);
  const percentOff = coupon?.percent_off ?? null;
  const taxRate = items[0].tax_rates?.[0]?.percentage ?? subscription.default_tax_rates?.[0]?.percentage ?? 0;
  const isBusiness = customer.metadata?.isBusiness === 'true';
  const values = {
    workspaceId,
    status: subscriptionStatusOf(subscription.status),
    paymentSource: 'STRIPE' as const,
    purchaseType: isBusiness ? ('B2B' as const) : ('B2C' as const),
    billingInterval: first.billingInterval,
    workspacePlan: first.workspacePlan,
    country: customer.address?.country ?? null,
    currency: first.currency,
    taxRate,
    amount,
    discount: percentOff ? Math.round((amount * percentOff) / 100) : 0,
    autoRenew: !subscription.cancel_at_period_end && subscription.cancel_at === null,
    companyName: isBusiness ? (customer.name ?? null) : null,
    couponId: coupon?.id ?? null,
    couponDuration: (coupon?.duration ?? null) as 'forever' | 'repeating' | 'once' | null,
    couponPercentOff: percentOff,
    providerCustomerId: customer.id,
    providerSubscriptionId: subscription.id,
    providerScheduleId: idOf(subscription.schedule),
    ...scheduledIntervalOf(
      first,
      plans.find((plan) => plan.stripePriceId === next?.priceId),
      next,
    ),
    subscribedAt: fromUnix(subscription.start_date),
    startAt: fromUnix(items[0].current_period_start),
    endAt: fromUnix(items[0].current_period_end),
    updatedAt: new Date(),
  };
  const subscriptionId = await upsertSubscriptionRow(tx, values);

  const itemPlans = plans.filter((plan) => priceIds.includes(plan.stripePriceId));
  await followPriceChanges(tx, subscriptionId, itemPlans);
  const removal = await syncSeatRemoval(tx, {
    subscriptionId,
    status: values.status,
    periodStart: values.startAt,
    current: { paymentPlanId: first.id, quantity: items[0].quantity ?? 1 },
    next,
  });
  // MEM-033: members made free at the renewal are freed with the seats they held, or kept paid;
  // before the seats are recorded, which never fall below the seats then assigned.
  if (removal) await settleScheduledDowngrades(tx, { workspaceId, applied: removal === 'APPLIED' });
  for (const item of items) {
    const plan = plans.find((candidate) => candidate.stripePriceId === item.price.id);
    if (!plan?.userPlan) continue;
    const seats = item.quantity ?? 1;
    // A per-seat plan can grow to the paid-user maximum (SEAT-007); a flat plan holds what it sold.
    const allowedQuantity = plan.isPerSeat ? SEATS.maximum : seats;
    await upsertSeatPlan(tx, {
      subscriptionId,
      paymentPlanId: plan.id,
      userPlan: plan.userPlan,
      allowedQuantity,
      seats,
    });
  }

  if (state.invoice) {
    const invoice = state.invoice;
    const invoiceValues = {
      subscriptionId,
      providerInvoiceId: invoice.id!,
      status: invoiceStatusOf(invoice.status),
      currency: first.currency,
      amountDue: invoice.amount_due,
      amountPaid: invoice.amount_paid,
      hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
      paymentIntentStatus: state.paymentIntentStatus,
      periodStart: fromUnix(invoice.period_start),
      periodEnd: fromUnix(invoice.period_end),
      paidAt: invoice.status_transitions.paid_at ? fromUnix(invoice.status_transitions.paid_at) : null,
      updatedAt: new Date(),
    };
    await upsertInvoice(tx, invoiceValues);
  }
  return {
    workspacePlan: first.workspacePlan,
    isPerSeat: first.isPerSeat,
    status: values.status,
    userPlans: plans.flatMap((plan) => (plan.userPlan ? [plan.userPlan] : [])),
  };
}

/**
 * The space's plan and billing model follow its live Stripe subscription (a per-seat price makes
 * it a per-seat space; the older flow's Premium price keeps it on the older flow); the buyer's seat
 * goes to the owner when nobody holds a paid seat yet (000 §2: one seat is reserved for the owner),
 * made paid and counted as assigned like any member made paid.
 */
async function applyToSpace(
  tx: Tx,
  workspaceId: string,
  live: { workspacePlan: string; isPerSeat: boolean; userPlans: string[] } | undefined,
): Promise<void> {
  if (!live) {
    await makeSpaceFree(tx, workspaceId);
    return;
  }
  await setSpacePlan(tx, workspaceId, { plan: live.workspacePlan as 'PRO', isPerSeat: live.isPerSeat });
  const paid = await aPaidMemberOf(tx, workspaceId);
  const ownerPlan = live.userPlans[0];
  if (!paid && ownerPlan) {
    const owners = await ownersOf(tx, workspaceId);
    // Paid as any member made paid is: the seat they hold is counted as assigned.
    await makeMembersPaid(tx, {
      workspaceId,
      userIds: owners.map((owner) => owner.userId),
      userPlan: ownerPlan as Exclude<UserPlan, 'FREE'>,
    });
  }
}

/**
 * Convergent sync (design/payments.md §3): whatever event arrived, twice or out of order, read
 * the customer's subscriptions back from the provider and make our rows say the same, in one
 * transaction. Provider reads happen before it: the sandbox shares the embedded database.
 */
export async function syncBillingCustomer(db: Db, stripe: Stripe, customerId: string): Promise<void> {
  const known = await spaceOfCustomer(db, customerId);
  if (!known) return;
  const customer = await stripe.customers.retrieve(customerId);
  if (customer.deleted) return;
  const listed = await stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 100 });
  const states: ProviderState[] = [];
  for (const subscription of listed.data) states.push(await readState(stripe, subscription.id));
  const openSessions = await openCheckoutSessionsOf(db, known.workspaceId);
  const sessions: { id: string; provider: Stripe.Checkout.Session }[] = [];
  for (const session of openSessions) {
    if (session.providerSessionId.startsWith('cs_')) {
      sessions.push({
        id: session.id,
        provider: await stripe.checkout.sessions.retrieve(session.providerSessionId),
      });
    }
  }

  await db.transaction(async (tx) => {
    const results = [];
    for (const state of states) {
      const result = await upsertSubscription(tx, known.workspaceId, customer, state);
      if (result) results.push({ ...result, providerId: state.subscription.id });
    }
    const live = results.find((result) => result.status === 'ACTIVE' || result.status === 'PAST_DUE');
    if (results.length > 0) await applyToSpace(tx, known.workspaceId, live);
    for (const session of sessions) {
      if (session.provider.status === 'open') continue;
      const subscriptionId = idOf(session.provider.subscription);
      const [ours] = subscriptionId ? await subscriptionOfProvider(tx, subscriptionId) : [];
      // The subscriptions were listed before the session was read: one paid in between is not in
      // our rows yet. The session stays open for the next sync (the return page's or a webhook's)
      // to close with its subscription, rather than complete without it for good.
      if (session.provider.status === 'complete' && subscriptionId && !ours) continue;
      await closeCheckoutSession(tx, session.id, {
        status: session.provider.status === 'complete' ? 'COMPLETE' : 'EXPIRED',
        subscriptionId: ours?.id ?? null,
        completedAt: session.provider.status === 'complete' ? new Date() : null,
      });
    }
  });
}
