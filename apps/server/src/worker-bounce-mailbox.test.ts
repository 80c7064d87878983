import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config/config';
import { startImapTestServer, type ImapTestServer } from './testing/imap-test-server';
import { startWorker } from './worker';

const SOON = { timeout: 10_000, interval: 100 };

describe('the worker process with INBOUND_IMAP_URL', () => {
  let imap: ImapTestServer;
  beforeAll(async () => {
    imap = await startImapTestServer();
  });
  afterAll(async () => {
    await imap.close();
  });

  it('reads the bounce mailbox while it runs, and logs out when it stops', async () => {
    const { host, port, user, pass } = imap.mailbox;
    const worker = await startWorker(
      loadConfig({
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'mb-worker-')),
        SESSION_SECRET: 'test-secret-test-secret-test-secret-000',
        LOG_LEVEL: 'silent',
        DEMO: '0',
        INBOUND_DOMAIN: 'bounces.mergeboard.example',
        INBOUND_IMAP_URL: `imap://${user}:${pass}@${host}:${port}/INBOX`,
      }),
    );
    try {
      await imap.append('Subject: not a bounce\r\nMessage-ID: <w1@x.example>\r\n\r\nhello\r\n');
      await expect.poll(() => imap.messages(), SOON).toEqual([{ uid: 1, seen: true }]);
      expect(imap.connections()).toBe(1);
    } finally {
      await worker.stop();
    }
    await expect.poll(() => imap.connections(), SOON).toBe(0);
  });
});
