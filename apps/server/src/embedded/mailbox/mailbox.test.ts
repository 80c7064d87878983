import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailMessages } from '../../db/schema';
import { createListeningTestApp } from '../../testing/listening-app';
import { signInThroughLocalIssuer } from '../../testing/sign-in';
import { createTestApp, type TestApp } from '../../testing/test-app';

const json = (body: unknown, bearer: string) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` },
  body: JSON.stringify(body),
});

describe('the local mailbox', () => {
  let embedded: TestApp & { baseUrl: string };
  let withSmtp: TestApp;
  beforeAll(async () => {
    embedded = await createListeningTestApp();
    withSmtp = await createTestApp({ env: { SMTP_URL: 'smtp://mail.example:587' } });
    await embedded.database.db.insert(mailMessages).values([
      {
        kind: 'invitation',
        toAddress: 'ann@acme.example',
        subject: 'Join Acme Sales',
        textBody: 'Accept: http://localhost/invitations/ann-secret-token/accept',
      },
      {
        kind: 'invitation',
        toAddress: 'bob@acme.example',
        subject: 'Join Acme Europe',
        textBody: 'Accept: http://localhost/invitations/bob-secret-token/accept',
      },
    ]);
  });
  afterAll(async () => {
    await embedded.close();
    await withSmtp.close();
  });

  it('INV-001 shows anonymous visitors no message, only a page saying to sign in', async () => {
    const res = await embedded.app.inject({ method: 'GET', url: '/mailbox' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('No SMTP server is configured (SMTP_URL)');
    expect(res.body).toContain('Sign in to see the mail sent to you');
    expect(res.body).toContain('href="/login?continue=%2Fmailbox"');
    for (const secret of ['Join Acme', 'ann-secret-token', 'bob-secret-token', 'ann@acme.example']) {
      expect(res.body).not.toContain(secret);
    }
  });

  it('INV-001 shows a signed-in person only the messages addressed to them, links included', async () => {
    const { browser: ann } = await signInThroughLocalIssuer(embedded.baseUrl, { email: 'Ann@acme.example' });
    const page = await (await ann.fetch('/mailbox')).text();
    expect(page).toContain('Join Acme Sales');
    expect(page).toContain('<a href="http://localhost/invitations/ann-secret-token/accept">');
    expect(page).toContain('ann@acme.example');
    expect(page).not.toContain('Join Acme Europe');
    expect(page).not.toContain('bob-secret-token');

    const { browser: carol } = await signInThroughLocalIssuer(embedded.baseUrl, {
      email: 'carol@acme.example',
    });
    const empty = await (await carol.fetch('/mailbox')).text();
    expect(empty).toContain('No mail for carol@acme.example yet.');
    expect(empty).not.toContain('secret-token');
  });

  it('INV-001 shows nothing once the session ends, even to a kept copy of its cookie', async () => {
    const { browser: bob, session } = await signInThroughLocalIssuer(embedded.baseUrl, {
      email: 'bob@acme.example',
    });
    const kept = `mb_session=${bob.cookie('mb_session')!}`;
    expect(await (await bob.fetch('/mailbox')).text()).toContain('bob-secret-token');
    const revoked = await bob.fetch(
      '/api/v1/auth/revoke',
      json({ sessionId: session.sessionId }, session.accessToken),
    );
    expect(revoked.status).toBe(200);
    expect(await (await bob.fetch('/mailbox')).text()).not.toContain('bob-secret-token');
    const replay = await fetch(`${embedded.baseUrl}/mailbox`, { headers: { cookie: kept } });
    const replayed = await replay.text();
    expect(replayed).toContain('Sign in to see the mail sent to you');
    expect(replayed).not.toContain('bob-secret-token');
  });

  it('does not exist once SMTP is configured', async () => {
    const res = await withSmtp.app.inject({ method: 'GET', url: '/mailbox' });
    expect(res.statusCode).toBe(404);
  });
});
