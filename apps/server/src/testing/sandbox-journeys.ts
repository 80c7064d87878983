import type Stripe from 'stripe';

/** Posts a hosted sandbox form as a person's browser does (same origin), answering the raw response. */
export function postHostedForm(url: string, origin: string, fields: Record<string, string>) {
  return fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
    body: new URLSearchParams(fields).toString(),
  });
}

/**
 * A customer on a new test clock, subscribed by paying a checkout of `line` with `card` on the
 * hosted page, as a person does: the starting point of the clock and seat tests.
 */
export async function subscribeOnClock(
  stripe: Stripe,
  options: {
    baseUrl: string;
    card: string;
    line: Stripe.Checkout.SessionCreateParams.LineItem;
    discounts?: Stripe.Checkout.SessionCreateParams.Discount[];
    start?: number;
  },
) {
  const start = options.start ?? Math.floor(Date.UTC(2026, 0, 15, 12) / 1000);
  const clock = await stripe.testHelpers.testClocks.create({ frozen_time: start, name: 'sandbox journey' });
  const customer = await stripe.customers.create({ email: 'clock@acme.example', test_clock: clock.id });
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    line_items: [options.line],
    ...(options.discounts ? { discounts: options.discounts } : {}),
    success_url: `${options.baseUrl}/done?session={CHECKOUT_SESSION_ID}`,
  });
  const paid = await postHostedForm(`${session.url!}/pay`, options.baseUrl, { cardNumber: options.card });
  const authenticate = paid.headers.get('location')?.endsWith('/authenticate');
  if (authenticate) {
    await postHostedForm(`${session.url!}/authenticate`, options.baseUrl, { result: 'complete' });
  }
  const { subscription } = await stripe.checkout.sessions.retrieve(session.id);
  return { clock, customer, start, subscriptionId: subscription as string, paid };
}
