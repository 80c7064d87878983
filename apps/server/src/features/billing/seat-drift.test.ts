import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { subscriptions, users } from '../../db/schema';
import { buyPlan, newSpace } from '../../testing/billing-test-kit';
import { billingWorld } from '../../testing/billing-world';
import type { TestApp } from '../../testing/test-app';
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
  const world = billingWorld({ demo: true });

  it('runs daily through pg-boss', async () => {
    const schedules = await world.t.context.queue.boss.getSchedules();
    expect(schedules.map((s) => [s.name, s.cron])).toContainEqual([seatDriftJob.name, seatDriftJob.schedule]);
    const id = await world.t.context.queue.send(seatDriftJob.name);
    expect(await finished(world.t, seatDriftJob.name, id!)).toBe('completed');
  });

  it('SEAT-001 reports a subscription whose provider quantity fell below the seats assigned, and not one in step', async () => {
    const email = 'drift.owner@gmail.com';
    await world.t.database.db.insert(users).values({ email, name: 'Drift Owner', isPersonal: true });
    const owner = await world.callerOf(email);
    const spaceId = await newSpace(world.t, owner, 'Drifting space');
    const { subscriptionId } = await buyPlan(world.t, {
      spaceId,
      headers: owner.headers,
      purchase: { country: 'US', seats: 3 },
      card: '4242424242424242',
    });
    const added = await world.t.app.inject({
      method: 'POST',
      url: `/api/v1/workspaces/${spaceId}/users/v1`,
      headers: owner.headers,
      payload: { userEmails: ['drift.one@gmail.com', 'drift.two@gmail.com'] },
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(
      (await findSeatDrift(world.t.database.db, world.stripe)).map((d) => d.subscriptionId),
    ).not.toContain(subscriptionId);

    // Someone lowers the quantity in the provider's dashboard, and the webhook is lost.
    const [row] = await world.t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, subscriptionId));
    const provider = await world.stripe.subscriptions.retrieve(row!.providerSubscriptionId!);
    await world.stripe.subscriptions.update(provider.id, {
      items: [{ id: provider.items.data[0]!.id, quantity: 1 }],
      proration_behavior: 'none',
    });
    // The webhook's sync may have run meanwhile: it records the provider's quantity, never fewer
    // seats than are assigned, so the drift stays visible either way.
    expect(await findSeatDrift(world.t.database.db, world.stripe)).toContainEqual({
      workspaceId: spaceId,
      subscriptionId,
      seatsPaid: 1,
      seatsRecorded: expect.any(Number),
      // The owner's seat and the two added.
      seatsUsed: 3,
    });
  });
});
