import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions, users } from '../../db/schema';
import { createListeningTestApp } from '../../testing/listening-app';
import { signedInAs } from '../../testing/sessions';
import type { TestApp } from '../../testing/test-app';
import { seedDemo } from '../demo';
import { buyPlan, newSpace } from '../../testing/billing-test-kit';
import { setUpCatalogue } from './catalogue/catalogue';
import { findSeatDrift } from './drift/seat-drift';
import { seatDriftJob } from './drift/seat-drift-job';

async function finished(t: TestApp, name: string, id: string): Promise<string | undefined> {
  for (let i = 0; i < 80; i += 1) {
    const job = await t.context.queue.boss.getJobById(name, id);
    if (job && ['completed', 'failed'].includes(job.state)) return job.state;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return undefined;
}

/** design/payments.md §3: a daily job compares seats used with seats paid per live subscription. */
describe('seat drift report', () => {
  let t: TestApp & { baseUrl: string };
  let stripe: Stripe;

  beforeAll(async () => {
    t = await createListeningTestApp({ work: true });
    await seedDemo({ db: t.database.db });
    stripe = t.context.payments.stripe;
    await setUpCatalogue(stripe, t.database.db);
  }, 60_000);
  afterAll(() => t.close());

  it('runs daily through pg-boss', async () => {
    const schedules = await t.context.queue.boss.getSchedules();
    expect(schedules.map((s) => [s.name, s.cron])).toContainEqual([seatDriftJob.name, seatDriftJob.schedule]);
    const id = await t.context.queue.send(seatDriftJob.name);
    expect(await finished(t, seatDriftJob.name, id!)).toBe('completed');
  });

  it('SEAT-001 reports a subscription whose provider quantity fell below the seats assigned, and not one in step', async () => {
    const email = 'drift.owner@gmail.com';
    await t.database.db.insert(users).values({ email, name: 'Drift Owner', isPersonal: true });
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    const owner = { headers: (await signedInAs(t, email)).headers, userId: user!.id };
    const spaceId = await newSpace(t, owner, 'Drifting space');
    const { subscriptionId } = await buyPlan(t, {
      spaceId,
      headers: owner.headers,
      purchase: { country: 'US', seats: 3 },
      card: '4242424242424242',
    });
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/v1/workspaces/${spaceId}/users/v1`,
      headers: owner.headers,
      payload: { userEmails: ['drift.one@gmail.com', 'drift.two@gmail.com'] },
    });
    expect(added.statusCode, added.body).toBe(200);
    expect((await findSeatDrift(t.database.db, stripe)).map((d) => d.subscriptionId)).not.toContain(
      subscriptionId,
    );

    // Someone lowers the quantity in the provider's dashboard, and the webhook is lost.
    const [row] = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, subscriptionId));
    const provider = await stripe.subscriptions.retrieve(row!.providerSubscriptionId!);
    await stripe.subscriptions.update(provider.id, {
      items: [{ id: provider.items.data[0]!.id, quantity: 1 }],
      proration_behavior: 'none',
    });
    // The webhook's sync may have run meanwhile: it records the provider's quantity, never fewer
    // seats than are assigned, so the drift stays visible either way.
    expect(await findSeatDrift(t.database.db, stripe)).toContainEqual({
      workspaceId: spaceId,
      subscriptionId,
      seatsPaid: 1,
      seatsRecorded: expect.any(Number),
      // The owner's seat and the two added.
      seatsUsed: 3,
    });
  });
});
