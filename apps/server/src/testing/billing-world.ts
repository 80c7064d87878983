import {
  listSubscriptionsV1,
  paymentInfoSchema,
  type PaymentInfo,
  type Subscription,
} from '@mergeboard/core';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, expect } from 'vitest';
import { users } from '../db/schema';
import { setUpCatalogue, syncBillingCustomerJob } from '../features/billing';
import { seedDemo } from '../embedded/demo';
import { billingBase, buyForNewOwner, postForm, type Purchase } from './billing-test-kit';
import { createListeningTestApp } from './listening-app';
import { signedInAs } from './sessions';
import type { TestApp } from './test-app';

export type Caller = { headers: { authorization: string }; userId: string };
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One app and database shared by a billing test file (like the merge engine's senderWorld): the
 * listening app with its workers, the payment catalogue set up in the sandbox, the demo people
 * when asked, and the helpers that build the state a test needs (a bought space, a card saved, a
 * preview) through our HTTP API and the hosted pages, as a person does.
 *
 * Call it once at the top of a describe block: it registers the block's beforeAll and afterAll.
 */
export function billingWorld(options: { demo?: boolean } = {}) {
  let app: (TestApp & { baseUrl: string }) | undefined;
  let owner: Caller | undefined;

  beforeAll(async () => {
    app = await createListeningTestApp({ work: true });
    if (options.demo) await seedDemo({ db: app.database.db });
    await setUpCatalogue(app.context.payments.stripe, app.database.db);
  }, 60_000);
  afterAll(() => app?.close());

  const world = {
    get t(): TestApp & { baseUrl: string } {
      if (!app) throw new Error('billingWorld: the app starts in beforeAll');
      return app;
    },
    get stripe(): Stripe {
      return world.t.context.payments.stripe;
    },
    /** The owner of the space paidSpace bought last (or whom actAs named): the caller of `call`. */
    get owner(): Caller {
      if (!owner) throw new Error('billingWorld: no space bought yet (paidSpace, actAs)');
      return owner;
    },

    /** `caller` is the caller of `call` from then on (the owner, or an admin acting for one). */
    actAs(caller: Caller): void {
      owner = caller;
    },
    /** An existing user (a demo account or one the test made), signed in. */
    async callerOf(email: string): Promise<Caller> {
      const [user] = await world.t.database.db.select().from(users).where(eq(users.email, email));
      return { headers: (await signedInAs(world.t, email)).headers, userId: user!.id };
    },
    callAs(caller: Pick<Caller, 'headers'>, method: Method, url: string, payload?: object) {
      return world.t.app.inject({ method, url, headers: caller.headers, ...(payload ? { payload } : {}) });
    },
    /** A request of the owner of the space bought last. */
    call(method: Method, url: string, payload?: object) {
      return world.callAs(world.owner, method, url, payload);
    },

    /** A space bought by a new owner, who is `owner` from then on (billing-test-kit's buyForNewOwner). */
    async paidSpace(name: string, purchase: Purchase, buyOptions: { clock?: boolean; card?: string } = {}) {
      const bought = await buyForNewOwner(world.t, name, purchase, buyOptions);
      owner = bought.owner;
      return bought;
    },

    /** The space's subscription with its seat plans, as the billing page reads it. */
    async subscriptionOf(space: string): Promise<Subscription> {
      const res = await world.call('GET', `${billingBase(space)}/subscriptions/v1?includePlans=true`);
      expect(res.statusCode, res.body).toBe(200);
      return listSubscriptionsV1.response.parse(res.json()).items[0]!;
    },

    /** Saves `cardNumber` as the customer's card through the provider's portal page. */
    async useCard(space: string, cardNumber: string): Promise<void> {
      const portal = await world.call(
        'GET',
        `${billingBase(space)}/stripe/customer/v1/portal?returnUrl=${encodeURIComponent('/space/billing')}`,
      );
      const { stripeCustomerPortalUrl } = portal.json() as { stripeCustomerPortalUrl: string };
      await postForm(world.t.baseUrl, `${stripeCustomerPortalUrl}/card`, { cardNumber });
    },

    /** The billing sync of a provider customer, run as the worker runs it on a webhook. */
    syncCustomer(customerId: string) {
      return syncBillingCustomerJob.run({
        database: world.t.database,
        config: world.t.context.config,
        data: { customerId },
      });
    },

    /** The price preview of buying `quantity` PRO_PERSONAL seats (US PRO), with prorated amounts. */
    async previewSeats(
      space: string,
      quantity: number,
      billingInterval: 'YEARLY' | 'MONTHLY' = 'YEARLY',
    ): Promise<PaymentInfo> {
      const res = await world.call('POST', `${billingBase(space)}/stripe/checkout/v2/info`, {
        country: 'US',
        billingInterval,
        workspacePlan: 'PRO',
        seatPlans: [{ userPlan: 'PRO_PERSONAL', quantity }],
        previewProratedAmounts: true,
      });
      expect(res.statusCode, res.body).toBe(200);
      return paymentInfoSchema.parse(res.json());
    },
    /** Add seats: `quantity` PRO_PERSONAL seats bought now, at `prorationDate` when given. */
    addSeats(space: string, subscription: string, quantity: number, prorationDate?: number) {
      return world.call('POST', `${billingBase(space)}/subscriptions/v2/${subscription}/seats/v1`, {
        seatPlans: [{ userPlan: 'PRO_PERSONAL', quantity }],
        ...(prorationDate === undefined ? {} : { prorationDate }),
      });
    },

    /** The summary's preview of a change to the live subscription (a US PRO purchase). */
    async previewChange(space: string, body: object): Promise<PaymentInfo> {
      const res = await world.call(
        'POST',
        `${billingBase(space)}/stripe/checkout/v1/info?previewProratedChanges=true`,
        { country: 'US', workspacePlan: 'PRO', ...body },
      );
      expect(res.statusCode, res.body).toBe(200);
      return paymentInfoSchema.parse(res.json());
    },
  };
  return world;
}
