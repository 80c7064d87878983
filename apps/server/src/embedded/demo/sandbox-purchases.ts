import { taxRateFor } from '@mergeboard/core';
import { and, eq, like, notLike, or } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db } from '../../db/client';
import {
  billingCustomers,
  invoices,
  memberships,
  paymentPlans,
  subscriptionPaymentPlans,
  subscriptions,
  users,
  workspaces,
} from '../../db/schema';
import {
  discountsOf,
  resolvePurchase,
  subscriptionItemsOf,
  syncBillingCustomer,
  type ResolvedPurchase,
} from '../../features/billing';
import { sellDemoPremiumInSandbox } from './sandbox-premium';

/** The demo's own provider ids, written by the seed before any provider existed. */
const DEMO_SUBSCRIPTION_PREFIX = 'sub_demo_';

/** A card of the sandbox that always pays (Stripe's 4242 test card). */
const PAYING_CARD = '4242424242424242';

/**
 * Demo STRIPE subscriptions on prices the provider sells — per-seat ones (Acme Sales) and the
 * older flow's Premium (Acme Europe) — still on their demo ids.
 */
async function unprovisioned(db: Db) {
  return db
    .select({
      subscriptionId: subscriptions.id,
      workspaceId: subscriptions.workspaceId,
      workspaceName: workspaces.name,
      workspacePlan: subscriptions.workspacePlan,
      billingInterval: subscriptions.billingInterval,
      country: subscriptions.country,
      companyName: subscriptions.companyName,
      purchaseType: subscriptions.purchaseType,
      startAt: subscriptions.startAt,
      userPlan: subscriptionPaymentPlans.userPlan,
      seats: subscriptionPaymentPlans.totalSeats,
      stripePriceId: paymentPlans.stripePriceId,
      isPerSeat: paymentPlans.isPerSeat,
      ownerEmail: users.email,
    })
    .from(subscriptions)
    .innerJoin(workspaces, eq(workspaces.id, subscriptions.workspaceId))
    .innerJoin(subscriptionPaymentPlans, eq(subscriptionPaymentPlans.subscriptionId, subscriptions.id))
    .innerJoin(paymentPlans, eq(paymentPlans.id, subscriptionPaymentPlans.paymentPlanId))
    .innerJoin(
      memberships,
      and(eq(memberships.workspaceId, subscriptions.workspaceId), eq(memberships.role, 'OWNER')),
    )
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(subscriptions.paymentSource, 'STRIPE'),
        eq(subscriptions.status, 'ACTIVE'),
        like(subscriptions.providerSubscriptionId, `${DEMO_SUBSCRIPTION_PREFIX}%`),
        or(eq(paymentPlans.isPerSeat, true), eq(paymentPlans.workspacePlan, 'PREMIUM')),
        // Prices the sandbox does not sell (the demo's EUR Premium) keep their rows of ours only.
        notLike(paymentPlans.stripePriceId, 'price_demo_%'),
      ),
    );
}

type DemoSubscription = Awaited<ReturnType<typeof unprovisioned>>[number];

/**
 * What the demo subscription sells: per-seat seats as checkout resolves them (price, volume coupon,
 * tax); the older flow's Premium places at the subscription's own stand-in price, without a coupon,
 * as its rows of ours were written.
 */
async function purchaseOf(
  demo: DemoSubscription,
  options: { db: Db; stripe: Stripe; isBusiness: boolean },
): Promise<ResolvedPurchase> {
  const country = demo.country ?? 'US';
  if (demo.isPerSeat) {
    return resolvePurchase(options.db, options.stripe, {
      country,
      isBusiness: options.isBusiness,
      workspacePlan: demo.workspacePlan as 'PRO' | 'PREMIUM',
      billingInterval: demo.billingInterval,
      seatPlans: [{ userPlan: demo.userPlan as 'PRO', quantity: demo.seats }],
    });
  }
  const taxRatePercent = taxRateFor({ country, isBusiness: options.isBusiness });
  if (taxRatePercent > 0) throw new Error(`the demo buys no taxed Premium (${demo.workspaceName})`);
  return {
    currency: 'USD',
    lines: [{ stripePriceId: demo.stripePriceId, userPlan: demo.userPlan, quantity: demo.seats }],
    couponId: null,
    couponPercentOff: null,
    taxRatePercent,
    taxRateId: null,
  };
}

/**
 * Buys one demo subscription at the provider the way a person does — a customer on a test clock
 * set to the subscription's period start, a hosted Checkout paid with the 4242 card — then moves
 * the clock to now. Answers the provider's customer and subscription ids.
 */
async function buyAtProvider(
  stripe: Stripe,
  demo: DemoSubscription,
  options: { db: Db; publicUrl: string; now: Date },
): Promise<{ customerId: string; providerSubscriptionId: string }> {
  const clock = await stripe.testHelpers.testClocks.create({
    frozen_time: Math.floor(demo.startAt.getTime() / 1000),
    name: `Demo: ${demo.workspaceName}`,
  });
  const isBusiness = demo.purchaseType === 'B2B';
  const customer = await stripe.customers.create({
    email: demo.ownerEmail,
    name: demo.companyName ?? demo.workspaceName,
    address: { country: demo.country ?? 'US' },
    metadata: { workspaceId: demo.workspaceId, isBusiness: String(isBusiness) },
    test_clock: clock.id,
  });
  const purchase = await purchaseOf(demo, { db: options.db, stripe, isBusiness });
  const metadata = { workspaceId: demo.workspaceId, workspacePlan: demo.workspacePlan };
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    client_reference_id: demo.workspaceId,
    line_items: subscriptionItemsOf(purchase),
    discounts: discountsOf(purchase),
    subscription_data: { metadata },
    metadata,
    success_url: `${options.publicUrl}/`,
    cancel_url: `${options.publicUrl}/`,
  });
  // The hosted page's own form post, as the buyer's browser sends it from the page's origin; sent
  // to where this process listens, which the configured public address may not reach.
  const page = new URL(session.url!);
  const paid = await fetch(new URL(`${page.pathname}/pay`, options.publicUrl), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: page.origin },
    body: new URLSearchParams({ cardNumber: PAYING_CARD }).toString(),
  });
  const completed = await stripe.checkout.sessions.retrieve(session.id);
  if (completed.status !== 'complete' || typeof completed.subscription !== 'string') {
    throw new Error(`the demo checkout of ${demo.workspaceName} did not complete (${paid.status})`);
  }
  await stripe.testHelpers.testClocks.advance(clock.id, {
    frozen_time: Math.floor(options.now.getTime() / 1000),
  });
  return { customerId: customer.id, providerSubscriptionId: completed.subscription };
}

/**
 * With the payment sandbox, the demo's STRIPE subscriptions it can sell (Acme Sales, per seat;
 * Acme Europe, the older flow's yearly Premium once its stand-in prices are in the sandbox) become
 * real subscriptions of the sandbox, so adding seats, paid users, billing-cycle changes, portal,
 * renewals and invoices work on them as on one bought in the app. Our row keeps its id and seats as assigned; it is pointed at the
 * provider's ids, then the convergent sync makes it say what the provider says. Runs once: a
 * provisioned row no longer carries a demo id.
 */
export async function provisionDemoPurchases(options: {
  db: Db;
  stripe: Stripe;
  provider: string;
  publicUrl: string;
  now?: Date;
}): Promise<number> {
  const { db, stripe } = options;
  const now = options.now ?? new Date();
  await sellDemoPremiumInSandbox(stripe, db);
  const demos = await unprovisioned(db);
  for (const demo of demos) {
    const bought = await buyAtProvider(stripe, demo, { db, publicUrl: options.publicUrl, now });
    // The customer becomes the space's only now: a webhook's sync before this point found no
    // space for it and did nothing, so it cannot have made a second subscription row.
    await db.transaction(async (tx) => {
      await tx.delete(invoices).where(eq(invoices.subscriptionId, demo.subscriptionId));
      await tx
        .update(subscriptions)
        .set({
          providerCustomerId: bought.customerId,
          providerSubscriptionId: bought.providerSubscriptionId,
          updatedAt: now,
        })
        .where(eq(subscriptions.id, demo.subscriptionId));
      await tx
        .insert(billingCustomers)
        .values({ workspaceId: demo.workspaceId, provider: options.provider, customerId: bought.customerId })
        .onConflictDoUpdate({
          target: billingCustomers.workspaceId,
          set: { provider: options.provider, customerId: bought.customerId, updatedAt: now },
        });
    });
    await syncBillingCustomer(db, stripe, bought.customerId);
  }
  return demos.length;
}
