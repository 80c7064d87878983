import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dkimVerify } from 'mailauth/lib/dkim/verify';
import { getMerge, getTeamReportSummary } from '@mergeboard/core';
import { trackingTokens } from '../tracking';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { runMergeWorker } from './merge-worker';
import {
  PEOPLE_HEADER,
  people,
  recipientStatuses,
  sendNow,
  senderWorld,
  sheetFixture,
  type SenderWorld,
} from '../../testing/merge-test-kit';
import { startSmtpSink, type SmtpSink } from '../../testing/smtp-sink';

describe('merge engine sending over SMTP', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let sender: SenderWorld;

  const startMerge = async (
    who: SenderWorld,
    rows: string[][],
    overrides: object = {},
    header = PEOPLE_HEADER,
  ) => {
    const sheet = await sheetFixture(t.database.db, who, { header, rows, name: 'Customers' });
    return sendNow(t, who, sheet, overrides);
  };
  const work = (mergeId: string) =>
    runMergeWorker({ database: t.database, config: t.context.config, mergeId });
  const detail = async (who: SenderWorld, mergeId: string) =>
    getMerge.response.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/workspaces/${who.workspaceId}/merges/${mergeId}`,
          headers: who.caller.headers,
        })
      ).json(),
    );
  const received = (domain: string) =>
    sink.messages.filter((message) => message.envelopeTo[0]!.endsWith(domain));

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({
      env: {
        SMTP_URL: sink.url,
        PUBLIC_URL: 'http://mergeboard.example',
        INBOUND_DOMAIN: 'mergeboard.example',
        MERGE_BATCH_SIZE: '10',
      },
    });
    sender = await senderWorld(t, { plan: 'PRO', name: 'Sam Sender' });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it('sends each row once with its own values and a stable Message-ID, then completes and leaves the Scheduled list', async () => {
    const merge = await startMerge(sender, people(25, 'first.example'));
    expect(await work(merge.mergeId)).toBe('completed');
    const messages = received('first.example');
    expect(messages).toHaveLength(25);
    const byTo = new Map(messages.map((message) => [message.envelopeTo[0], message]));
    const seventh = byTo.get('person7@first.example')!;
    expect(seventh.mail.subject).toBe('Hello Person 7');
    expect(seventh.mail.html).toContain('<p>Dear Person 7 of Company 6,</p>');
    expect(seventh.mail.text).toContain('Dear Person 7 of Company 6,');
    expect(seventh.messageId).toBe(`<${merge.campaignId}.7@mergeboard.example>`);
    expect(seventh.mail.from?.value[0]).toEqual({ name: 'Sam Sender', address: sender.email });
    expect(new Set(messages.map((message) => message.messageId)).size).toBe(25);

    expect(await detail(sender, merge.mergeId)).toMatchObject({
      status: 'COMPLETED',
      toSend: 25,
      sent: 25,
      failed: 0,
      unknown: 0,
      scheduledMergeId: null,
    });
    const scheduled = await t.database.execute('SELECT id FROM scheduled_merges WHERE id = $1', [
      merge.scheduledMergeId,
    ]);
    expect(scheduled.rows).toHaveLength(0);
    const sentList = await t.app.inject({
      method: 'GET',
      url: `/api/users/me/campaigns/${merge.campaignId}`,
      headers: sender.caller.headers,
    });
    expect(sentList.json()).toMatchObject({ title: 'Customers - Sheet1', trackingInfos: { sent: 25 } });
  });

  it('RELIABILITY every message carries List-Unsubscribe (its own one-click token and mailto: address), List-Unsubscribe-Post and List-Id, and goes out from its own VERP return path; its click URLs are /c/ tokens of the merge’s own links; {{unsubscribe}} is no missing field', async () => {
    const body =
      '<p>Hi {{First name}}, <a class="n" href="https://news.example/a?x=1&amp;y=2">news</a>, ' +
      '<a href="https://shop.example/{{First name}}">yours</a>, <a href="https://news.example/a?x=1&amp;y=2">again</a>.</p><p>{{unsubscribe}}</p>';
    const poll = { question: 'Coming?', answers: ['Yes', 'No'] };
    const merge = await startMerge(sender, people(3, 'list.example'), { bodyHtml: body, poll });
    expect(await work(merge.mergeId)).toBe('completed');
    const tokens = trackingTokens(t.context.config.SESSION_SECRET);
    const stored = await t.database.execute('SELECT links FROM merges WHERE id = $1', [merge.mergeId]);
    const links = stored.rows[0]!.links as string[];
    expect(links).toEqual(['https://news.example/a?x=1&y=2']);
    const recipients = await t.database.execute(
      'SELECT id, email FROM campaign_recipients WHERE campaign_id = $1',
      [merge.campaignId],
    );
    const idOf = new Map(recipients.rows.map((row) => [row.email as string, row.id as string]));
    const messages = received('list.example');
    expect(messages).toHaveLength(3);
    const token = (url: string, path: string) => url.slice(`http://mergeboard.example${path}`.length);
    for (const message of messages) {
      const recipientId = idOf.get(message.envelopeTo[0]!)!;
      const [, unsubscribe, mailto] =
        /^List-Unsubscribe: <(http:\/\/mergeboard\.example\/u\/[A-Za-z0-9_-]+)>, <mailto:unsubscribe\+([a-z2-7]+)@mergeboard\.example>\r$/m.exec(
          message.raw,
        ) ?? [];
      expect(tokens.verify(token(unsubscribe!, '/u/'), 'unsubscribe')?.recipientId).toBe(recipientId);
      expect(tokens.verifyFromAddress(mailto!, 'unsubscribe')?.recipientId).toBe(recipientId);
      // VERP: the envelope sender names the row, so a bounce that quotes nothing still finds it.
      const [, returnToken] = /^bounces\+([a-z2-7]+)@mergeboard\.example$/.exec(message.envelopeFrom) ?? [];
      expect(tokens.verifyFromAddress(returnToken!, 'return')?.recipientId).toBe(recipientId);
      expect(tokens.verifyFromAddress(returnToken!, 'unsubscribe')).toBeNull();
      expect(message.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r$/m);
      expect(message.raw.toLowerCase()).toContain(
        `\r\nlist-id: "merge space" <${sender.workspaceId}.mergeboard.example>\r\n`,
      );

      const html = String(message.mail.html);
      const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]!);
      const clicks = hrefs.filter((href) => href.startsWith('http://mergeboard.example/c/'));
      expect(clicks).toHaveLength(2);
      for (const click of clicks) {
        const hit = tokens.verify(token(click, '/c/'), 'click');
        expect(hit?.recipientId).toBe(recipientId);
        expect(links[hit!.index]).toBe('https://news.example/a?x=1&y=2');
      }
      expect(message.mail.html).toContain(`<a class="n" href="${clicks[0]}">news</a>`);
      expect(hrefs.filter((href) => href.startsWith('https://'))).toEqual([
        `https://shop.example/${message.mail.subject!.slice('Hello '.length)}`,
      ]);
      expect(message.mail.html).toContain(`<p><a href="${unsubscribe}">Unsubscribe</a></p>`);
      expect(message.mail.html).not.toContain('Don&#39;t want these emails');
      const answers = hrefs.filter((href) => href.startsWith('http://mergeboard.example/p/'));
      expect(answers.map((href) => tokens.verify(token(href, '/p/'), 'poll')?.index)).toEqual([0, 1]);
      const pixel = /<img src="(http:\/\/mergeboard\.example\/o\/[^"]+)" width="1"/.exec(html)?.[1];
      expect(tokens.verify(token(pixel!, '/o/'), 'open')?.recipientId).toBe(recipientId);
      const text = String(message.mail.text).replace(/\s+/g, ' ');
      expect(text).toContain(`news [${clicks[0]}]`);
      expect(text).toContain(`Unsubscribe [${unsubscribe}]`);
    }
  });

  it('tracks as the space’s defaults say when the merge leaves it out: no pixel, links as written', async () => {
    const space = await senderWorld(t, { plan: 'PRO' });
    await t.database.execute(
      'UPDATE workspaces SET track_opens_default = false, track_clicks_default = false WHERE id = $1',
      [space.workspaceId],
    );
    const merge = await startMerge(space, people(1, 'defaults.example'), {
      bodyHtml: '<p><a href="https://news.example/">news</a></p>',
      unsubscribeLink: false,
    });
    await work(merge.mergeId);
    const [message] = received('defaults.example');
    expect(message!.mail.html).toBe('<p><a href="https://news.example/">news</a></p>');
    expect(message!.raw).toMatch(/^List-Unsubscribe: <http:\/\/mergeboard\.example\/u\//m);
  });

  it('TEAM-003 moves the counters the dashboard reads: campaigns.sent_count, sender_monthly_sent, the team report', async () => {
    const before = await t.app.inject({
      method: 'GET',
      url: `/api/v1/workspaces/${sender.workspaceId}/team-report/summary`,
      headers: sender.caller.headers,
    });
    const sentBefore = getTeamReportSummary.response.parse(before.json());
    const merge = await startMerge(sender, people(12, 'counters.example'));
    await work(merge.mergeId);
    const campaign = await t.database.execute('SELECT sent_count FROM campaigns WHERE id = $1', [
      merge.campaignId,
    ]);
    expect(campaign.rows[0]).toEqual({ sent_count: 12 });
    const rollup = await t.database.execute(
      'SELECT sum(sent)::int AS sent FROM sender_monthly_sent WHERE user_id = $1',
      [sender.userId],
    );
    expect(Number(rollup.rows[0]!.sent)).toBeGreaterThanOrEqual(12);
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/v1/workspaces/${sender.workspaceId}/team-report/summary`,
      headers: sender.caller.headers,
    });
    const summaryAfter = getTeamReportSummary.response.parse(after.json());
    expect(summaryAfter.emailSentAllTime).toBe(sentBefore.emailSentAllTime + 12);
    expect(summaryAfter.emailSentThisMonth).toBe(sentBefore.emailSentThisMonth + 12);
  });

  it('RELIABILITY no header or markup injection: CR/LF and <script> in a merge value stay text on one line', async () => {
    const evil = 'Eve\r\nBcc: victim@evil.example\r\nX-Injected: yes';
    const merge = await startMerge(sender, [[evil, 'eve@inject.example', '<script>alert(1)</script>']], {
      senderName: '{{First name}} via Sales',
    });
    await work(merge.mergeId);
    const [message] = received('inject.example');
    expect(message!.envelopeTo).toEqual(['eve@inject.example']);
    expect(message!.mail.headers.has('x-injected')).toBe(false);
    expect(message!.mail.bcc).toBeUndefined();
    expect(message!.mail.subject).toBe('Hello Eve Bcc: victim@evil.example X-Injected: yes');
    expect(message!.mail.from?.value[0]?.name).toBe('Eve Bcc: victim@evil.example X-Injected: yes via Sales');
    expect(message!.mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(message!.mail.html).not.toContain('<script>');
    expect(sink.messages.some((m) => m.envelopeTo.includes('victim@evil.example'))).toBe(false);
  });

  it('sends Cc and Bcc from their columns and a Reply-To', async () => {
    const header = ['First name', 'Email', 'Company', 'Manager', 'Archive'];
    const merge = await startMerge(
      sender,
      [['Ann', 'ann@copies.example', 'Acme', 'boss@copies.example', 'archive@copies.example']],
      { ccColumn: 'Manager', bccColumn: 'Archive', replyTo: 'Replies@Sales.example' },
      header,
    );
    await work(merge.mergeId);
    const [message] = received('copies.example');
    expect(message!.envelopeTo.sort()).toEqual([
      'ann@copies.example',
      'archive@copies.example',
      'boss@copies.example',
    ]);
    expect(message!.mail.cc).toMatchObject({ value: [{ address: 'boss@copies.example' }] });
    expect(message!.mail.bcc).toBeUndefined();
    expect(message!.mail.replyTo?.value[0]?.address).toBe('replies@sales.example');
  });

  it('RELIABILITY suppressed addresses never reach the sink: skipped when the merge starts, refused when listed since', async () => {
    await t.database.execute(
      "INSERT INTO unsubscriptions (workspace_id, email, type, created_by_user_id) VALUES ($1, 'person1@suppress.example', 'USER', $2)",
      [sender.workspaceId, sender.userId],
    );
    const merge = await startMerge(sender, people(5, 'suppress.example'));
    expect(merge.skipped.suppressed).toBe(1);
    await t.database.execute(
      "INSERT INTO bounces (workspace_id, email, type, created_by_user_id) VALUES ($1, 'person2@suppress.example', 'USER', $2)",
      [sender.workspaceId, sender.userId],
    );
    await work(merge.mergeId);
    const to = received('suppress.example').map((message) => message.envelopeTo[0]);
    expect(to.sort()).toEqual([
      'person3@suppress.example',
      'person4@suppress.example',
      'person5@suppress.example',
    ]);
    expect(await recipientStatuses(t.database, merge.campaignId!)).toEqual({ SENT: 3, FAILED: 1 });
  });

  it('two workers share one merge: every row sent exactly once', async () => {
    const merge = await startMerge(sender, people(60, 'pair.example'));
    await Promise.all([work(merge.mergeId), work(merge.mergeId)]);
    const counts = new Map<string, number>();
    for (const message of received('pair.example'))
      counts.set(message.messageId, (counts.get(message.messageId) ?? 0) + 1);
    expect(counts.size).toBe(60);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(await detail(sender, merge.mergeId)).toMatchObject({ status: 'COMPLETED', sent: 60 });
  });

  it('two merges of one sender racing the quota never pass it together (PRO_PERSONAL, 400 a day)', async () => {
    const personal = await senderWorld(t, { plan: 'PRO_PERSONAL' });
    const first = await startMerge(personal, people(300, 'race-a.example'));
    const second = await startMerge(personal, people(300, 'race-b.example'));
    await Promise.all([work(first.mergeId), work(second.mergeId), work(first.mergeId), work(second.mergeId)]);
    const sent = received('race-a.example').length + received('race-b.example').length;
    expect(sent).toBe(400);
    const quota = await t.database.execute('SELECT used FROM sender_daily_quota WHERE user_id = $1', [
      personal.userId,
    ]);
    expect(quota.rows).toEqual([{ used: 400 }]);
    const statuses = [await detail(personal, first.mergeId), await detail(personal, second.mergeId)];
    expect(statuses.map((merge) => merge.status)).toEqual(['WAITING_FOR_QUOTA', 'WAITING_FOR_QUOTA']);
  });
});

describe('merge messages DKIM-signed when DKIM_* are set', () => {
  it('RELIABILITY signs each message for DKIM_DOMAIN with DKIM_SELECTOR, List-Unsubscribe and List-Unsubscribe-Post included (verified by mailauth); without INBOUND_DOMAIN a message keeps the sender’s return path and no mailto: unsubscribe', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const record = `v=DKIM1; k=rsa; p=${publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`;
    // The DNS a receiver would ask, answered with the test key (mailauth's custom resolver).
    const resolver = async (name: string, type: string) => {
      if (name === 'mb2026._domainkey.merge.example' && type === 'TXT') return [[record]];
      throw Object.assign(new Error(`no ${type} record for ${name}`), { code: 'ENOTFOUND' });
    };
    const sink = await startSmtpSink();
    const t = await createTestApp({
      env: {
        SMTP_URL: sink.url,
        DKIM_PRIVATE_KEY: privateKey
          .export({ type: 'pkcs8', format: 'pem' })
          .toString()
          .replace(/\n/g, '\\n'),
        DKIM_SELECTOR: 'mb2026',
        DKIM_DOMAIN: 'merge.example',
      },
    });
    try {
      const sender = await senderWorld(t, { plan: 'PRO' });
      const sheet = await sheetFixture(t.database.db, sender, {
        header: PEOPLE_HEADER,
        rows: people(2, 'dkim.example'),
      });
      const merge = await sendNow(t, sender, sheet);
      await runMergeWorker({ database: t.database, config: t.context.config, mergeId: merge.mergeId });
      expect(sink.messages).toHaveLength(2);
      for (const message of sink.messages) {
        expect(message.raw).toMatch(
          /^DKIM-Signature: v=1; a=rsa-sha256; c=relaxed\/relaxed; d=merge\.example;\s+q=dns\/txt; s=mb2026;/m,
        );
        const { results } = await dkimVerify(Buffer.from(message.raw), { resolver });
        expect(results).toHaveLength(1);
        expect(results[0]!.status.result).toBe('pass');
        const signed = results[0]!.signingHeaders!.keys.toLowerCase().split(/[:\s]+/);
        expect(signed).toEqual(
          expect.arrayContaining(['list-unsubscribe', 'list-unsubscribe-post', 'list-id']),
        );
        // No INBOUND_DOMAIN here: nothing reads mail that comes back, so the sender's own return
        // path and the https one-click unsubscribe only.
        expect(message.envelopeFrom).toBe(sender.email);
        expect(message.raw).toMatch(/^List-Unsubscribe: <[^>]+\/u\/[A-Za-z0-9_-]+>\r$/m);
      }
    } finally {
      await t.close();
      await sink.close();
    }
  }, 60_000);
});
