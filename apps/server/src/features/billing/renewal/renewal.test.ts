import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBSCRIPTION_ID_MISSING, currentUserSchema } from '@mergeboard/core';
import { auditEvents, subscriptions } from '../../../db/schema';
import { signedInAs } from '../../../testing/sessions';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { DEMO_ACCOUNTS, seedDemo } from '../../../embedded/demo';

const URL = '/api/_ah/api/subscriptions/v1/cancelAutoRenewal';

describe('stop automatic renewal (cancelAutoRenewal)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo({ db: t.database.db });
  });
  afterAll(() => t.close());

  async function licenseOf(email: string) {
    const { headers } = await signedInAs(t, email);
    const me = currentUserSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/v2/users/me', headers })).json(),
    );
    return { headers, license: me.license };
  }

  async function autoRenewOf(subscriptionId: string) {
    const [row] = await t.database.db
      .select({ autoRenew: subscriptions.autoRenew })
      .from(subscriptions)
      .where(eq(subscriptions.id, subscriptionId));
    return row?.autoRenew;
  }

  it('RES-009 RES-010 stops the renewal of the caller’s PayPal license once; a second call changes nothing', async () => {
    const { headers, license } = await licenseOf(DEMO_ACCOUNTS.paypalLegacyOwner);
    expect(license).toMatchObject({ paymentSource: 'PAYPAL' });
    const subscriptionId = license!.subscriptionId;
    expect(await autoRenewOf(subscriptionId)).toBe(true);

    const res = await t.app.inject({ method: 'POST', url: URL, headers, payload: { subscriptionId } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ subscriptionId, autoRenew: false });
    expect(await autoRenewOf(subscriptionId)).toBe(false);
    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.targetId, subscriptionId));
    expect(audit.map((row) => row.action)).toEqual(['subscription.auto_renewal_stopped']);

    const again = await t.app.inject({ method: 'POST', url: URL, headers, payload: { subscriptionId } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { code: 'auto_renewal_already_stopped' } });
    expect(
      await t.database.db.select().from(auditEvents).where(eq(auditEvents.targetId, subscriptionId)),
    ).toHaveLength(1);
  });

  it("RES-009 refuses someone else's license: the id in the body is not trusted", async () => {
    const robin = await licenseOf(DEMO_ACCOUNTS.paypalLegacyOwner);
    const { headers } = await signedInAs(t, DEMO_ACCOUNTS.acmeMember);
    const before = await autoRenewOf(robin.license!.subscriptionId);
    const res = await t.app.inject({
      method: 'POST',
      url: URL,
      headers,
      payload: { subscriptionId: robin.license!.subscriptionId },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: 'license_not_found' } });
    expect(await autoRenewOf(robin.license!.subscriptionId)).toBe(before);
  });

  it('RES-009 refuses a license not paid through PayPal and leaves it renewing', async () => {
    const { headers, license } = await licenseOf(DEMO_ACCOUNTS.acmeOwner);
    expect(license).toMatchObject({ paymentSource: 'STRIPE' });
    const res = await t.app.inject({
      method: 'POST',
      url: URL,
      headers,
      payload: { subscriptionId: license!.subscriptionId },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: { code: 'license_not_paypal' } });
    expect(await autoRenewOf(license!.subscriptionId)).toBe(true);
  });

  it('RES-011 answers "Subscription Id is missing" without a subscription id', async () => {
    const { headers } = await signedInAs(t, DEMO_ACCOUNTS.paypalLegacyOwner);
    for (const payload of [{}, { subscriptionId: '' }]) {
      const res = await t.app.inject({ method: 'POST', url: URL, headers, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: { code: 'validation_failed', fields: { 'body.subscriptionId': SUBSCRIPTION_ID_MISSING } },
      });
    }
  });
});
