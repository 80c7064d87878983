import { eq } from 'drizzle-orm';
import { LIST_PRICES_USD, listSubscriptionsV1, type Subscription } from '@mergeboard/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions, workspaces } from '../../db/schema';
import { signedInAs } from '../../testing/sessions';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { seedDemo } from '../../embedded/demo';

describe('billing reads: payment plans and a space subscriptions', () => {
  let t: TestApp;
  let acmeSales: string;

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo({ db: t.database.db });
    const [space] = await t.database.db.select().from(workspaces).where(eq(workspaces.name, 'Acme Sales'));
    acmeSales = space!.id;
  });
  afterAll(() => t.close());

  const get = async (email: string, url: string) => {
    const caller = await signedInAs(t, email);
    return t.app.inject({ method: 'GET', url, headers: caller.headers });
  };
  const subscriptionsUrl = (query: string) =>
    `/api/workspace-billing/workspaces/${acmeSales}/subscriptions/v1${query}`;

  it('API-024 PRICE-008 PRICE-018 PRICE-019 lists every payment plan with its tiers, open-ended tier last', async () => {
    const res = await get('member@acme.example', '/api/workspace-billing/payment-plans/v1');
    expect(res.statusCode).toBe(200);
    const { items } = res.json() as {
      items: {
        listPricePlan: string | null;
        billingInterval: string;
        currency: string;
        paymentPlanTiers: { upTo: number | null; unitAmount: number }[];
      }[];
    };
    const professionalYearly = items.find(
      (plan) =>
        plan.listPricePlan === 'PROFESSIONAL' && plan.billingInterval === 'YEARLY' && plan.currency === 'USD',
    );
    expect(professionalYearly?.paymentPlanTiers.at(-1)).toEqual({
      upTo: null,
      unitAmount: LIST_PRICES_USD.PROFESSIONAL.YEARLY * 100,
    });
    const personalMonthly = items.find(
      (plan) =>
        plan.listPricePlan === 'PERSONAL' && plan.billingInterval === 'MONTHLY' && plan.currency === 'USD',
    );
    expect(personalMonthly?.paymentPlanTiers.at(-1)?.unitAmount).toBe(LIST_PRICES_USD.PERSONAL.MONTHLY * 100);
    expect(new Set(items.map((plan) => plan.currency))).toEqual(new Set(['USD', 'EUR', 'INR']));
  });

  it('API-025 BILL-034 BILL-035 answers the subscription alone by default, timestamps as strings of epoch milliseconds', async () => {
    const res = await get('owner@acme.example', subscriptionsUrl(''));
    expect(res.statusCode).toBe(200);
    const { items } = listSubscriptionsV1.response.parse(res.json());
    expect(items).toHaveLength(1);
    const [subscription] = items as [Subscription];
    expect(subscription).toMatchObject({
      workspaceId: acmeSales,
      subscriptionStatus: 'ACTIVE',
      paymentSource: 'STRIPE',
      billingInterval: 'YEARLY',
      workspacePlan: 'PRO',
      amount: 15 * LIST_PRICES_USD.PROFESSIONAL.YEARLY * 100,
      autoRenew: true,
      scheduledChanges: null,
    });
    expect(Number(subscription.endTimestamp)).toBeGreaterThan(Date.now());
    expect(subscription).not.toHaveProperty('additionalStripeInfo');
    expect(subscription).not.toHaveProperty('subscriptionPaymentPlans');
  });

  it('API-025 BILL-036 BILL-037 with includePlans and retrieveAdditionalStripeInfo: the seat plan, the latest invoice and the next charge', async () => {
    const res = await get(
      'admin@acme.example',
      subscriptionsUrl('?includePlans=true&retrieveAdditionalStripeInfo=true'),
    );
    expect(res.statusCode).toBe(200);
    const [subscription] = (res.json() as { items: Subscription[] }).items;
    expect(subscription?.subscriptionPaymentPlans).toEqual([
      expect.objectContaining({
        userPlanType: 'PRO',
        totalSeats: 15,
        availableSeats: 15 - subscription!.subscriptionPaymentPlans![0]!.assignedSeats,
        tiers: [{ upTo: null, unitAmount: LIST_PRICES_USD.PROFESSIONAL.YEARLY * 100 }],
      }),
    ]);
    expect(subscription?.additionalStripeInfo).toEqual({
      country: 'US',
      companyName: 'Acme Inc.',
      couponId: null,
      couponDuration: null,
      couponPercentOff: null,
      latestInvoice: { paid: true, hostedInvoiceUrl: null, paymentIntent: { status: 'succeeded' } },
      upcomingInvoice: { amountDue: 15 * LIST_PRICES_USD.PROFESSIONAL.YEARLY * 100 },
    });
  });

  it('PRICE-002 PRICE-003 the next charge takes a lasting coupon before tax; a once coupon is spent; no renewal, no charge', async () => {
    const [row] = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.workspaceId, acmeSales));
    const info = async () =>
      (
        (await get('owner@acme.example', subscriptionsUrl('?retrieveAdditionalStripeInfo=true'))).json() as {
          items: Subscription[];
        }
      ).items[0]!.additionalStripeInfo!;
    try {
      await t.database.db
        .update(subscriptions)
        .set({ couponId: '10SEATS', couponDuration: 'forever', couponPercentOff: 30, taxRate: 21 })
        .where(eq(subscriptions.id, row!.id));
      // 90,000 − 30 % = 63,000; + 21 % tax = 76,230.
      expect((await info()).upcomingInvoice).toEqual({ amountDue: 76_230 });

      await t.database.db
        .update(subscriptions)
        .set({ couponDuration: 'once' })
        .where(eq(subscriptions.id, row!.id));
      expect((await info()).upcomingInvoice).toEqual({ amountDue: 108_900 });

      await t.database.db
        .update(subscriptions)
        .set({ autoRenew: false })
        .where(eq(subscriptions.id, row!.id));
      expect((await info()).upcomingInvoice).toBeNull();
    } finally {
      await t.database.db.update(subscriptions).set(row!).where(eq(subscriptions.id, row!.id));
    }
  });
});
