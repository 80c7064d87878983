import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { expect } from 'vitest';
import { billingCustomers, subscriptions, users } from '../db/schema';
import { signedInAs } from './sessions';
import type { TestApp } from './test-app';

/**
 * What the billing tests share to buy a plan as a person does: the billing form our API takes,
 * and the hosted pages' form posts (plain HTTP, as a browser without JavaScript sends them).
 */
export type Purchase = { country: 'US' | 'DE'; seats: number; interval?: 'YEARLY' | 'MONTHLY' };

export const billingBase = (spaceId: string) => `/api/workspace-billing/workspaces/${spaceId}`;

/** The billing form's fields of a checkout session request. */
export const sessionFields = (spaceId: string, { country, interval = 'YEARLY' }: Purchase) => ({
  workspaceId: spaceId,
  addressInfo: {
    country,
    state: country === 'US' ? 'CA' : '',
    city: country === 'US' ? 'San Francisco' : 'Berlin',
    postalCode: country === 'US' ? '94107' : '10117',
    street: country === 'US' ? '1 Market St' : 'Unter den Linden 1',
  },
  companyName: '',
  customerName: 'Pat Morgan',
  isB2BTransaction: false,
  goBackUrl: '/space/billing',
  billingInterval: interval,
  workspacePlan: 'PRO' as const,
});

/** A browser's form post from a hosted page itself (same origin). */
export const postForm = (baseUrl: string, url: string, form: Record<string, string>) =>
  fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: baseUrl },
    body: new URLSearchParams(form).toString(),
  });

/** A new FREE space of this owner: each purchase needs a space without a subscription. */
export async function newSpace(
  t: TestApp,
  owner: { headers: { authorization: string }; userId: string },
  name: string,
): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/workspaces',
    headers: owner.headers,
    payload: { workspaceName: name, userId: owner.userId },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { workspaceId: string }).workspaceId;
}

/**
 * Buys `purchase` for the space through our API and the hosted checkout with `card`, then runs the
 * return sync: the space's subscription (ours) and the provider's ids.
 */
export async function buyPlan(
  t: TestApp & { baseUrl: string },
  options: { spaceId: string; headers: { authorization: string }; purchase: Purchase; card: string },
): Promise<{ subscriptionId: string; sessionId: string }> {
  const { spaceId, headers, purchase } = options;
  const started = await t.app.inject({
    method: 'POST',
    url: `${billingBase(spaceId)}/stripe/checkout/v2/session`,
    headers,
    payload: {
      ...sessionFields(spaceId, purchase),
      seatPlans: [{ userPlan: 'PRO_PERSONAL', quantity: purchase.seats }],
    },
  });
  expect(started.statusCode, started.body).toBe(200);
  const { url, stripeCheckoutSessionId: sessionId } = started.json() as {
    url: string;
    stripeCheckoutSessionId: string;
  };
  const paid = await postForm(t.baseUrl, `${url}/pay`, { cardNumber: options.card });
  expect(paid.status).toBe(303);
  const synced = await t.app.inject({
    method: 'POST',
    url: `${billingBase(spaceId)}/stripe/checkout/v1/session/${sessionId}/sync`,
    headers,
  });
  expect(synced.statusCode, synced.body).toBe(200);
  const { subscriptionId } = synced.json() as { subscriptionId: string | null };
  expect(subscriptionId).toBeTruthy();
  return { subscriptionId: subscriptionId!, sessionId };
}

/**
 * A new space of a new owner (one may own only 5 spaces) with `purchase` bought by `card` (4242
 * unless given), its customer on a test clock from January 15th, 2026 when asked. Answers the
 * owner too: the caller of every later request.
 */
export async function buyForNewOwner(
  t: TestApp & { baseUrl: string },
  name: string,
  purchase: Purchase,
  options: { clock?: boolean; card?: string } = {},
) {
  const { stripe } = t.context.payments;
  const email = `buyer.${name.toLowerCase().replace(/\W+/g, '.')}@gmail.com`;
  const [user] = await t.database.db
    .insert(users)
    .values({ email, name: 'Pat Buyer', isPersonal: true })
    .returning();
  const owner = { headers: (await signedInAs(t, email)).headers, userId: user!.id };
  const spaceId = await newSpace(t, owner, name);
  let clock: Stripe.TestHelpers.TestClock | null = null;
  if (options.clock) {
    clock = await stripe.testHelpers.testClocks.create({
      frozen_time: Math.floor(Date.UTC(2026, 0, 15, 12) / 1000),
    });
    const customer = await stripe.customers.create({ email, test_clock: clock.id });
    await t.database.db
      .insert(billingCustomers)
      .values({ workspaceId: spaceId, provider: t.context.payments.provider, customerId: customer.id });
  }
  const { subscriptionId } = await buyPlan(t, {
    spaceId,
    headers: owner.headers,
    purchase,
    card: options.card ?? '4242424242424242',
  });
  const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
  return { owner, spaceId, subscriptionId, providerId: row!.providerSubscriptionId!, clock };
}
