import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';

describe('the local mailbox', () => {
  let embedded: TestApp;
  let withSmtp: TestApp;
  beforeAll(async () => {
    embedded = await createTestApp();
    withSmtp = await createTestApp({ env: { SMTP_URL: 'smtp://mail.example:587' } });
  });
  afterAll(async () => {
    await embedded.close();
    await withSmtp.close();
  });

  it('is a page when no SMTP server is configured, saying why', async () => {
    const res = await embedded.app.inject({ method: 'GET', url: '/mailbox' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('No SMTP server is configured (SMTP_URL)');
    expect(res.body).toContain('No mail yet.');
  });

  it('does not exist once SMTP is configured', async () => {
    const res = await withSmtp.app.inject({ method: 'GET', url: '/mailbox' });
    expect(res.statusCode).toBe(404);
  });
});
