import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identities, sessions } from '../db/schema';
import { createTestApp, type TestApp } from '../testing/test-app';
import pino from 'pino';
import { purgeExpiredSessions } from './purge-expired';
import { startQueue } from './queue';

async function waitForJob(t: TestApp, name: string, id: string): Promise<string | undefined> {
  for (let i = 0; i < 60; i += 1) {
    const job = await t.context.queue.boss.getJobById(name, id);
    if (job && ['completed', 'failed'].includes(job.state)) return job.state;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return undefined;
}

describe('job queue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ work: true });
  });
  afterAll(() => t.close());

  it('registers the session purge as a periodic job', async () => {
    const schedules = await t.context.queue.boss.getSchedules();
    expect(schedules.map((s) => [s.name, s.cron])).toContainEqual([
      purgeExpiredSessions.name,
      purgeExpiredSessions.schedule,
    ]);
  });

  it('drops the schedule of a job that is no longer in the list (the retired rate-limit purge)', async () => {
    const { boss } = t.context.queue;
    await boss.createQueue('purge-expired-rate-limits');
    await boss.schedule('purge-expired-rate-limits', '*/5 * * * *');
    const restarted = await startQueue({
      database: t.database,
      config: t.context.config,
      logger: pino({ level: 'silent' }),
      work: true,
      jobs: [purgeExpiredSessions],
    });
    try {
      const names = (await boss.getSchedules()).map((schedule) => schedule.name);
      expect(names).not.toContain('purge-expired-rate-limits');
      expect(names).toContain(purgeExpiredSessions.name);
    } finally {
      await restarted.stop();
    }
  });

  it('runs the session purge through pg-boss: expired sessions go, live ones stay', async () => {
    const { db } = t.database;
    const [identity] = await db
      .insert(identities)
      .values({ issuer: 'https://issuer.example', subject: 'purge-subject', email: 'purge@acme.example' })
      .returning();
    const hour = 60 * 60 * 1000;
    const session = (expiresAt: Date) => ({
      identityId: identity!.id,
      tokenHash: randomBytes(32).toString('hex'),
      idToken: 'header.payload.signature',
      expiresAt,
    });
    await db
      .insert(sessions)
      .values([session(new Date(Date.now() - hour)), session(new Date(Date.now() + hour))]);

    const id = await t.context.queue.send(purgeExpiredSessions.name);
    expect(id).toBeTruthy();
    expect(await waitForJob(t, purgeExpiredSessions.name, id!)).toBe('completed');

    const left = await db.select().from(sessions);
    expect(left).toHaveLength(1);
    expect(left[0]!.expiresAt.getTime()).toBeGreaterThan(Date.now());
  });
});
