import { expect } from 'vitest';
import type { TestApp } from '../../testing/test-app';

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
