import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { classifyInbound, MAX_INBOUND_BYTES, MAX_INBOUND_PARTS } from './classify-inbound';
import type { InboundEvent } from './inbound-event';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}.eml`, import.meta.url));
const noEnvelope = { to: [] };

/** A message built in the test: headers, a blank line, a body; CRLF as on the wire. */
const message = (headers: string[], body = 'Hello.') => Buffer.from([...headers, '', body].join('\r\n'));

/** A minimal RFC 3464 report whose per-recipient groups the test writes (the first names a@northwind.example). */
const dsn = (recipientFields: string) =>
  message(
    [
      'From: MAILER-DAEMON@mail.acme.example',
      'MIME-Version: 1.0',
      'Content-Type: multipart/report; report-type=delivery-status; boundary="r"',
    ],
    `--r\r\nContent-Type: text/plain\r\n\r\nDelivery failed.\r\n--r\r\nContent-Type: message/delivery-status\r\n\r\nReporting-MTA: dns; mail.acme.example\r\n\r\nFinal-Recipient: rfc822; a@northwind.example\r\n${recipientFields}\r\n--r--\r\n`,
  );

async function timed(raw: Buffer, envelope = noEnvelope) {
  const started = performance.now();
  const event = await classifyInbound(raw, envelope);
  return { event, ms: performance.now() - started };
}

describe('classifyInbound: the real-world corpus (issue 25)', () => {
  const bounces: {
    fixture: string;
    kind: 'hard-bounce' | 'soft-bounce';
    recipient: string;
    status: string;
    token: string;
    original: string;
    reason: RegExp;
  }[] = [
    {
      fixture: 'gmail-hard',
      kind: 'hard-bounce',
      recipient: 'jordan.nowhere.2019@gmail.com',
      status: '5.1.1',
      token: 'ev9zP-diK2GMIPC12nD_qF2wnEpeElX3xHXyHF_uLw',
      original: '0193b3c4-97b6-7562-bb1f-54fc10c303e8@mergeboard.local',
      reason:
        /^550-5\.1\.1 The email account that you tried to reach does not exist\. Please try double-checking/,
    },
    {
      fixture: 'gmail-mailbox-full',
      kind: 'soft-bounce',
      recipient: 'sam.full.inbox@gmail.com',
      status: '4.2.2',
      token: 'XqOFFva3cKlqk-_cvumZWA2vQcLBENrcCzub7HDg-g',
      original: '0193b3c4-ad33-7bb0-aeb4-6f9d884aec7f@mergeboard.local',
      reason: /^452-4\.2\.2 The recipient's inbox is out of storage space/,
    },
    {
      fixture: 'outlook-exchange-online',
      kind: 'hard-bounce',
      recipient: 'pat.former@contoso.com',
      status: '5.1.10',
      token: 'yqImwF4bGVdjbz4S_jHQ4uWDMJS_H1BWn9Udb6NrsA',
      original: '0193b3c4-cdbb-779c-ad73-68382162ba57@mergeboard.local',
      reason: /RESOLVER\.ADR\.RecipientNotFound/,
    },
    {
      fixture: 'yahoo-hard',
      kind: 'hard-bounce',
      recipient: 'chris.gone1987@yahoo.com',
      status: '5.0.0',
      token: 'i-gbGuUqtLzSbj0LZgm33_E3bti1I_ZbXHafDwAYGQ',
      original: '0193b3c4-8266-7a10-9398-c4c60bdaf1c7@mergeboard.local',
      reason: /^554 delivery error: dd This user doesn't have a yahoo\.com account/,
    },
    {
      fixture: 'postfix-hard',
      kind: 'hard-bounce',
      recipient: 'r.lindqvist@northwind.example',
      status: '5.1.1',
      token: 'F1ud2JWJuVZwypG8tc1z_77fKFgjgbZFJFnifa_atg',
      original: '0193b3c4-73ba-7f06-9720-6aaf8711bf3d@mergeboard.local',
      reason: /User unknown in virtual mailbox table$/,
    },
    {
      fixture: 'exim-hard',
      kind: 'hard-bounce',
      recipient: 'd.novak@tailspin.example',
      status: '5.1.1',
      token: 'yncsjlDEO7nd1QyDDbIN7yVGVV2yN1mXe78jUEimpA',
      original: '0193b3c4-fa54-7b2c-95f3-1b9f3d85ffc1@mergeboard.local',
      reason: /550 5\.1\.1 <d\.novak@tailspin\.example>\.\.\. User unknown/,
    },
    {
      fixture: 'sendmail-hard',
      kind: 'hard-bounce',
      recipient: 'k.tanaka@litware.example',
      status: '5.1.1',
      token: 'MBf3ERhuWUDR49dyVHIG5zczEAGrs2Fv3VrJ_QXgCA',
      original: '0193b3c4-8a67-7c28-8b91-c28d6f175242@mergeboard.local',
      reason: /^550 5\.1\.1 <k\.tanaka@litware\.example>\.\.\. User unknown$/,
    },
    {
      fixture: 'qmail-hard',
      kind: 'hard-bounce',
      recipient: 'l.moreau@wingtip.example',
      status: '5.1.1',
      token: 'CzrmeDlyZoezFjh2YhCPLKKWzdfNEBOS6nmNyvUg3A',
      original: '0193b3c4-32ab-74ef-b147-06470f071af9@mergeboard.local',
      reason: /^Sorry, no mailbox here by that name\. \(#5\.1\.1\)$/,
    },
    {
      fixture: 'amazon-ses-hard',
      kind: 'hard-bounce',
      recipient: 'e.walsh@adventure-works.example',
      status: '5.1.1',
      token: 'T7wpHG-tbL8o1AZFqOto8T7qEpscS7DMs9bEyIaK2A',
      original: '0193b3c4-9e7c-7f58-9fc3-5c4ac09e3d07@mergeboard.local',
      reason: /User unknown in local recipient table$/,
    },
  ];

  it.each(bounces)('$fixture is a $kind of $recipient with status $status', async (row) => {
    const event = await classifyInbound(fixture(row.fixture), noEnvelope);
    expect(event).toMatchObject({
      kind: row.kind,
      recipient: row.recipient,
      status: row.status,
      returnToken: row.token,
      inReplyTo: [row.original],
    });
    expect(event.kind === row.kind && event.reason).toMatch(row.reason);
  });

  it('postfix-delayed (Action: delayed) is ignored: a delay is not a bounce', async () => {
    expect(await classifyInbound(fixture('postfix-delayed'), noEnvelope)).toEqual({
      kind: 'ignored',
      messageId: '4Xq9Wd3Fgbz9sZk@mail.acme.example',
      reason: 'delivery delayed, not a bounce',
    });
  });

  it('yahoo-arf-complaint is a complaint by Original-Rcpt-To, its token from the quoted Return-Path', async () => {
    expect(await classifyInbound(fixture('yahoo-arf-complaint'), noEnvelope)).toEqual({
      kind: 'complaint',
      messageId: '1732543371.82731.feedback@sonic301-30.consmr.mail.ne1.yahoo.com',
      returnToken: 'CjfiDWzHwWTGmu55wGZHGEnxQEng36Tsex4LJ-vUTw',
      inReplyTo: ['0193b3c4-fbb8-7fc7-a5fb-961baf7bf5aa@mergeboard.local'],
      recipient: 'taylor.k@yahoo.com',
    });
  });

  it('microsoft-jmrp-complaint (the older non-ARF JMRP copy) is a complaint by X-HmXmrOriginalRecipient', async () => {
    expect(await classifyInbound(fixture('microsoft-jmrp-complaint'), noEnvelope)).toEqual({
      kind: 'complaint',
      messageId: 'JMRP-3f1c9a7e5b2d4c60a8e1f7b3d9c2e4a6@hotmail.com',
      returnToken: 'HJbF5zOSYOQJa3FT7rPYCnNfNVGPuWSbOmXMbXnpVA',
      inReplyTo: ['0193b3c4-793a-72f0-95b2-46ea6c6d4e61@mergeboard.local'],
      recipient: 'casey.m@outlook.com',
    });
  });

  it('an ARF without Original-Rcpt-To names the quoted To, or no one when redacted; a not-spam report is ignored', async () => {
    const raw = fixture('yahoo-arf-complaint').toString('utf8');
    const noRcptTo = await classifyInbound(
      Buffer.from(raw.replace(/^Original-Rcpt-To: .*\n/m, '')),
      noEnvelope,
    );
    expect(noRcptTo).toMatchObject({ kind: 'complaint', recipient: 'taylor.k@yahoo.com' });
    // Microsoft's ARF redacts the recipient everywhere: the quoted VERP token still names the row.
    const redacted = await classifyInbound(
      Buffer.from(
        raw
          .replace(/^Original-Rcpt-To: .*\n/m, '')
          .replace(/^(To|X-Apparently-To): taylor.*$/gm, '$1: <redacted>'),
      ),
      noEnvelope,
    );
    expect(redacted).toMatchObject({
      kind: 'complaint',
      recipient: null,
      returnToken: 'CjfiDWzHwWTGmu55wGZHGEnxQEng36Tsex4LJ-vUTw',
    });
    const notSpam = await classifyInbound(
      Buffer.from(raw.replace('Feedback-Type: abuse', 'Feedback-Type: not-spam')),
      noEnvelope,
    );
    expect(notSpam).toMatchObject({ kind: 'ignored', reason: "feedback report of type 'not-spam'" });
  });

  it('outlook-automatic-reply (Auto-Submitted, "Automatic reply:") is an auto-reply, never a reply', async () => {
    expect(await classifyInbound(fixture('outlook-automatic-reply'), noEnvelope)).toEqual({
      kind: 'auto-reply',
      messageId: 'AS8PR03MB7031D2F6C1B8A4E9F0C7B3E5C83A2@AS8PR03MB7031.eurprd03.prod.outlook.com',
      returnToken: 'qjbr9LG8QurP9umvmE8kOZHbPTkUYam2zEDMlwytoA',
      inReplyTo: ['0193b3c4-0e71-7d10-bc55-50d081e567e5@mergeboard.local'],
      from: 'noor.haddad@fourthcoffee.example',
    });
  });

  it('gmail-vacation-responder, whose subject says nothing, is an auto-reply by Auto-Submitted alone', async () => {
    expect(await classifyInbound(fixture('gmail-vacation-responder'), noEnvelope)).toEqual({
      kind: 'auto-reply',
      messageId: 'CAF3kW9sJ0YgQb1vC6pZrX4aT8mN2eLhD7uKqG5wR1oP9yBnVtA@mail.gmail.com',
      returnToken: null,
      inReplyTo: ['0193b3c4-78c4-73b9-a71a-d52380140cc6@mergeboard.local'],
      from: 'priya.raman.home@gmail.com',
    });
  });

  it('human-reply is a reply matched by In-Reply-To/References; the envelope gives its token', async () => {
    const token = 'rxQjmyQYLIXBdJjcQNciDV_yltv43DhfNx_mlPbrBA';
    expect(await classifyInbound(fixture('human-reply'), { to: [`bounces+${token}@acme.example`] })).toEqual({
      kind: 'reply',
      messageId: 'CAM4mXq0tVb9pE7cL2sRk8Hn3yW6fJd1aZuQ5oG4iK0xNwB7e2w@mail.gmail.com',
      returnToken: token,
      inReplyTo: ['0193b3c4-a5c6-7876-9f0f-441a3972ac10@mergeboard.local'],
      from: 'ben.ortiz@contoso-coffee.example',
    });
    expect(await classifyInbound(fixture('human-reply'), noEnvelope)).toMatchObject({
      kind: 'reply',
      returnToken: null,
    });
  });

  it('gmail-mailto-unsubscribe (To: unsubscribe+token) is an unsubscribe request', async () => {
    expect(await classifyInbound(fixture('gmail-mailto-unsubscribe'), noEnvelope)).toEqual({
      kind: 'unsubscribe',
      messageId: 'CAHx7bQ1mV3n8sKfP0cT9rW2yL5dJ6gE4aZuN1oX8iB3qR7kMw@mail.gmail.com',
      returnToken: 'co2a6fsgXPQgZKkIN37Q6WEtzBT5l-ZkbgtxWg-tNg',
      from: 'morgan.lee.1990@gmail.com',
    });
  });

  it('a mailto unsubscribe a client marked Auto-Submitted is still an unsubscribe request', async () => {
    const raw = fixture('gmail-mailto-unsubscribe')
      .toString('utf8')
      .replace('MIME-Version: 1.0', 'MIME-Version: 1.0\nAuto-Submitted: auto-generated');
    expect(await classifyInbound(Buffer.from(raw), noEnvelope)).toMatchObject({
      kind: 'unsubscribe',
      returnToken: 'co2a6fsgXPQgZKkIN37Q6WEtzBT5l-ZkbgtxWg-tNg',
    });
  });
});

describe('classifyInbound: tokens, ids and the order of the rules', () => {
  it('a bounce whose envelope and headers name no token takes it from the quoted Return-Path', async () => {
    const raw = fixture('gmail-hard')
      .toString('utf8')
      .replace(/^(Delivered-To|To): .*\n/gm, '')
      .replace(/^Received: from mail-sor[\s\S]*?\(UTC\)\n/m, '');
    const event = await classifyInbound(Buffer.from(raw), noEnvelope);
    // The quoted List-Unsubscribe names an unsubscribe token too: a bounce keeps the bounces one.
    expect(event).toMatchObject({
      kind: 'hard-bounce',
      returnToken: 'ev9zP-diK2GMIPC12nD_qF2wnEpeElX3xHXyHF_uLw',
    });
  });

  it('a message without a Message-ID is keyed by the hash of its bytes', async () => {
    const raw = fixture('qmail-hard');
    const event = await classifyInbound(raw, noEnvelope);
    expect(event.messageId).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect((await classifyInbound(raw, noEnvelope)).messageId).toBe(event.messageId);
  });

  it('In-Reply-To and References are read without brackets, deduplicated', async () => {
    const event = await classifyInbound(
      message([
        'From: Ben <ben@contoso-coffee.example>',
        'To: alice@acme.example',
        'Subject: Re: Thread',
        'Message-ID: <reply-1@contoso-coffee.example>',
        'In-Reply-To: <b@mergeboard.local>',
        'References: <a@mergeboard.local>\r\n <b@mergeboard.local>',
      ]),
      noEnvelope,
    );
    expect(event).toMatchObject({
      kind: 'reply',
      messageId: 'reply-1@contoso-coffee.example',
      inReplyTo: ['b@mergeboard.local', 'a@mergeboard.local'],
    });
  });

  it('a mail to bounces+token with no thread headers is still a reply to that message', async () => {
    const event = await classifyInbound(
      message([
        'From: someone@example.org',
        'To: bounces+AbC_12-x@acme.example',
        'Subject: a question',
        'Message-ID: <q@example.org>',
      ]),
      noEnvelope,
    );
    expect(event).toMatchObject({ kind: 'reply', returnToken: 'AbC_12-x', inReplyTo: [] });
  });

  it("a person's 'Re: Undeliverable' reply is a reply, not a bounce: people do not send with the null sender", async () => {
    const event = await classifyInbound(
      message(
        [
          'Return-Path: <ben@contoso-coffee.example>',
          'From: Ben <ben@contoso-coffee.example>',
          'To: alice@acme.example',
          'Subject: Re: Undeliverable: Your invitation',
          'Message-ID: <re-undeliverable@contoso-coffee.example>',
          'In-Reply-To: <0193b3c4-97b6-7562-bb1f-54fc10c303e8@mergeboard.local>',
        ],
        'Your first message could not be delivered to my old address, use this one.',
      ),
      noEnvelope,
    );
    expect(event).toMatchObject({ kind: 'reply', from: 'ben@contoso-coffee.example' });
  });

  const automatic: [string, string[]][] = [
    ['X-Autoreply', ['X-Autoreply: yes', 'Subject: Re: Your invitation']],
    ['X-Autorespond', ['X-Autorespond: Your invitation', 'Subject: Re: Your invitation']],
    ['Precedence: auto_reply', ['Precedence: auto_reply', 'Subject: Re: Your invitation']],
    ['Precedence: bulk', ['Precedence: bulk', 'Subject: Re: Your invitation']],
    ['Out of Office', ['Subject: Out of Office: Your invitation']],
    ['Abwesenheitsnotiz', ['Subject: Abwesenheitsnotiz: Ihre Einladung']],
    ['Automatische Antwort', ['Subject: Automatische Antwort: Ihre Einladung']],
    ['Réponse automatique (RFC 2047)', ['Subject: =?UTF-8?Q?R=C3=A9ponse_automatique_:_Votre_invitation?=']],
    [
      'Respuesta automática (RFC 2047)',
      ['Subject: =?UTF-8?B?UmVzcHVlc3RhIGF1dG9tw6F0aWNhOiBTdSBpbnZpdGFjacOzbg==?='],
    ],
    ['Risposta automatica', ['Subject: Risposta automatica: Il tuo invito']],
    ['Automatisch antwoord', ['Subject: Automatisch antwoord: Uw uitnodiging']],
  ];
  it.each(automatic)('%s marks an auto-reply', async (_name, headers) => {
    const event = await classifyInbound(
      message([
        'From: noor@fourthcoffee.example',
        'To: alice@acme.example',
        'Message-ID: <auto@fourthcoffee.example>',
        'In-Reply-To: <0193b3c4-0e71-7d10-bc55-50d081e567e5@mergeboard.local>',
        ...headers,
      ]),
      noEnvelope,
    );
    expect(event.kind).toBe('auto-reply');
  });

  it("'Auto-Submitted: no' is a person's mail", async () => {
    const event = await classifyInbound(
      message([
        'From: ben@contoso-coffee.example',
        'Auto-Submitted: no',
        'Subject: Re: hi',
        'In-Reply-To: <x@mergeboard.local>',
      ]),
      noEnvelope,
    );
    expect(event.kind).toBe('reply');
  });

  it('an Exchange NDR is a bounce although it carries Auto-Submitted and Precedence: bulk', async () => {
    const raw = fixture('outlook-exchange-online')
      .toString('utf8')
      .replace('Auto-Submitted: auto-replied', 'Auto-Submitted: auto-replied\nPrecedence: bulk');
    expect((await classifyInbound(Buffer.from(raw), noEnvelope)).kind).toBe('hard-bounce');
  });

  it('an automatic mail that names none of our messages (a newsletter) is ignored, not an auto-reply', async () => {
    const event = await classifyInbound(
      message([
        'From: news@shop.example',
        'To: alice@acme.example',
        'Precedence: bulk',
        'Subject: Our November deals',
      ]),
      noEnvelope,
    );
    expect(event).toMatchObject({
      kind: 'ignored',
      reason: 'automatic mail (Precedence: bulk) about none of ours',
    });
  });

  it('a DSN with 5.2.2 (mailbox full) is a soft bounce; X-Failed-Recipients names the address when the report does not', async () => {
    const raw = fixture('gmail-hard')
      .toString('utf8')
      .replace('Status: 5.1.1', 'Status: 5.2.2')
      .replace(/^Final-Recipient: .*\n/m, '')
      .replace(
        /^Diagnostic-Code: [\s\S]*?gsmtp\n/m,
        'Diagnostic-Code: smtp; 552-5.2.2 The email account that you tried to reach is over quota.\n',
      );
    expect(await classifyInbound(Buffer.from(raw), noEnvelope)).toMatchObject({
      kind: 'soft-bounce',
      status: '5.2.2',
      recipient: 'jordan.nowhere.2019@gmail.com',
      reason: '552-5.2.2 The email account that you tried to reach is over quota.',
    });
  });

  it('a report on several recipients answers with its worst failure; a success notice is ignored', async () => {
    const mixed = dsn(
      'Action: delayed\r\nStatus: 4.4.1\r\n\r\nFinal-Recipient: rfc822; b@northwind.example\r\nAction: failed\r\nStatus: 4.2.2\r\n\r\nFinal-Recipient: rfc822; c@northwind.example\r\nAction: failed\r\nStatus: 5.1.1',
    );
    expect(await classifyInbound(mixed, noEnvelope)).toMatchObject({
      kind: 'hard-bounce',
      recipient: 'c@northwind.example',
      status: '5.1.1',
    });
    expect(await classifyInbound(dsn('Action: delivered\r\nStatus: 2.0.0'), noEnvelope)).toMatchObject({
      kind: 'ignored',
      reason: 'delivery report with action delivered',
    });
  });

  it('a mail with none of the signs is ignored with a reason', async () => {
    expect(
      await classifyInbound(
        message(['From: spammer@example.net', 'To: alice@acme.example', 'Subject: Cheap watches']),
        noEnvelope,
      ),
    ).toMatchObject({
      kind: 'ignored',
      reason: 'neither a report, a reply nor an unsubscribe request',
    });
  });
});

describe('classifyInbound: prose bounces without RFC 3464', () => {
  const notice = (body: string, extra: string[] = []) =>
    message(
      [
        'From: MAILER-DAEMON@mx.wingtip.example',
        'To: bounces+Tok3n_x@acme.example',
        'Subject: failure notice',
        ...extra,
      ],
      body,
    );

  it('a qmail over-quota notice is soft; mailbox full is soft even with a 5.2.2', async () => {
    const qmail = await classifyInbound(
      notice(
        "Hi. This is the qmail-send program at mx.wingtip.example.\nI'm afraid I wasn't able to deliver your message to the following addresses.\nThis is a permanent error; I've given up. Sorry it didn't work out.\n\n<l.moreau@wingtip.example>:\nUser disk quota exceeded. (#5.2.2)\n",
      ),
      noEnvelope,
    );
    expect(qmail).toMatchObject({
      kind: 'soft-bounce',
      recipient: 'l.moreau@wingtip.example',
      status: '5.2.2',
      returnToken: 'Tok3n_x',
    });
  });

  it('a plain mailer-daemon notice with only words (user unknown) is hard, with no status', async () => {
    const event = await classifyInbound(
      notice('Your message could not be delivered.\n\n   <gone@northwind.example>\n   User unknown\n', [
        'X-Failed-Recipients: gone@northwind.example',
      ]),
      noEnvelope,
    );
    expect(event).toMatchObject({ kind: 'hard-bounce', recipient: 'gone@northwind.example', status: null });
  });

  it('a mailer-daemon delay warning is ignored', async () => {
    const event = await classifyInbound(
      notice(
        'This is a warning only. Your message has not yet been delivered to <slow@northwind.example>.\nThe mail system will keep trying for 4 more days.\n',
      ),
      noEnvelope,
    );
    expect(event).toMatchObject({ kind: 'ignored', reason: 'delivery delayed, not a bounce' });
  });
});

describe('classifyInbound: bad input is ignored or read sanely, never a throw, in bounded time', () => {
  it(`a 20 MB message is refused before parsing (limit ${MAX_INBOUND_BYTES} bytes)`, async () => {
    const raw = Buffer.concat([
      message(
        [
          'From: someone@example.org',
          'In-Reply-To: <0193b3c4-97b6-7562-bb1f-54fc10c303e8@mergeboard.local>',
          'Subject: big',
        ],
        '',
      ),
      Buffer.alloc(20 * 1024 * 1024, 'a'),
    ]);
    const { event, ms } = await timed(raw);
    expect(event).toMatchObject({ kind: 'ignored', reason: `too large (${raw.length} bytes)` });
    expect(ms).toBeLessThan(2_000);
  });

  it(`a message with 1,000 parts is ignored (limit ${MAX_INBOUND_PARTS} parts)`, async () => {
    const parts = Array.from(
      { length: 1_000 },
      (_, i) => `--b\r\nContent-Type: text/plain\r\n\r\npart ${i}\r\n`,
    ).join('');
    const raw = message(
      [
        'From: someone@example.org',
        'In-Reply-To: <x@mergeboard.local>',
        'Subject: parts',
        'MIME-Version: 1.0',
        'Content-Type: multipart/mixed; boundary="b"',
      ],
      `${parts}--b--\r\n`,
    );
    const { event, ms } = await timed(raw);
    expect(event).toMatchObject({ kind: 'ignored' });
    expect(event.kind === 'ignored' && event.reason).toMatch(/^unreadable: /);
    expect(ms).toBeLessThan(5_000);
  });

  it('a multipart nested a thousand deep is ignored', async () => {
    const open = Array.from(
      { length: 1_000 },
      (_, i) => `--b${i}\r\nContent-Type: multipart/mixed; boundary="b${i + 1}"\r\n\r\n`,
    ).join('');
    const raw = message(
      ['From: someone@example.org', 'MIME-Version: 1.0', 'Content-Type: multipart/mixed; boundary="b0"'],
      `${open}--b1000--\r\n`,
    );
    const { event, ms } = await timed(raw);
    expect(event.kind).toBe('ignored');
    expect(ms).toBeLessThan(5_000);
  });

  const malformed: [string, Buffer][] = [
    ['an empty message', Buffer.alloc(0)],
    ['random bytes', Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256))],
    [
      'a multipart/report without a boundary',
      message(
        ['From: MAILER-DAEMON@x.example', 'Content-Type: multipart/report; report-type=delivery-status'],
        'Action: failed\r\nStatus: 5.1.1',
      ),
    ],
    [
      'an unterminated multipart/report',
      message(
        [
          'From: MAILER-DAEMON@x.example',
          'Content-Type: multipart/report; report-type=delivery-status; boundary="z"',
        ],
        '--z\r\nContent-Type: message/delivery-status\r\n\r\nReporting-MTA: dns; x\r\n\r\nFinal-Recipient: rfc822;',
      ),
    ],
    ['header lines without colons', message(['this is not a header', ':::', 'From'], 'body')],
    [
      'a bad base64 body and a broken encoded word',
      message(
        [
          'Subject: =?UTF-8?B?@@@?=',
          'Content-Transfer-Encoding: base64',
          'In-Reply-To: <x@mergeboard.local>',
        ],
        '%%%not base64%%%',
      ),
    ],
    [
      'a header block larger than the limit',
      message(['From: a@example.org', `X-Huge: ${'h'.repeat(300 * 1024)}`]),
    ],
  ];
  it.each(malformed)('%s gives an event without throwing', async (_name, raw) => {
    const { event, ms } = await timed(raw);
    expect(['ignored', 'reply', 'hard-bounce', 'soft-bounce']).toContain(event.kind);
    expect(ms).toBeLessThan(2_000);
  });

  // Before the address searches were bounded, each of these took seconds (regular-expression backtracking).
  const backtracking: [string, Buffer][] = [
    [
      '60,000 empty lines in a mailer-daemon notice',
      message(
        ['From: MAILER-DAEMON@x.example', 'Subject: failure notice'],
        `could not be delivered\n${'\n'.repeat(60_000)}x`,
      ),
    ],
    [
      'a 60,000-character Final-Recipient',
      message(
        [
          'From: MAILER-DAEMON@x.example',
          'Content-Type: multipart/report; report-type=delivery-status; boundary="r"',
        ],
        `--r\r\nContent-Type: message/delivery-status\r\n\r\nReporting-MTA: dns; x\r\n\r\nFinal-Recipient: rfc822; ${'a'.repeat(60_000)}\r\nAction: failed\r\nStatus: 5.1.1\r\n--r--\r\n`,
      ),
    ],
  ];
  it.each(backtracking)('%s is read in bounded time', async (_name, raw) => {
    const { event, ms } = await timed(raw);
    expect(event).toMatchObject({ recipient: null });
    expect(ms).toBeLessThan(1_500);
  });

  it('a DSN without any Status or code is ignored; with only a Diagnostic-Code it is read from that', async () => {
    expect(await classifyInbound(dsn('Action: failed'), noEnvelope)).toMatchObject({
      kind: 'ignored',
      reason: 'delivery report without a status',
    });
    expect(
      await classifyInbound(
        dsn('Action: failed\r\nDiagnostic-Code: smtp; 550 5.1.1 no such user'),
        noEnvelope,
      ),
    ).toMatchObject({
      kind: 'hard-bounce',
      recipient: 'a@northwind.example',
      status: '5.1.1',
    });
  });

  it('non-UTF-8 header bytes are read without throwing and the event still stands', async () => {
    const raw = Buffer.concat([
      Buffer.from('From: '),
      Buffer.from([0x52, 0xe9, 0x6d, 0x69, 0xff, 0xfe]), // 'Rémi' in Latin-1, then bytes no charset has
      Buffer.from(' <remi@contoso-coffee.example>\r\nSubject: Re: '),
      Buffer.from([0xc0, 0xe9, 0x80]),
      Buffer.from(
        '\r\nIn-Reply-To: <0193b3c4-a5c6-7876-9f0f-441a3972ac10@mergeboard.local>\r\nMessage-ID: <latin1@contoso-coffee.example>\r\n\r\nMerci.\r\n',
      ),
    ]);
    const event: InboundEvent = await classifyInbound(raw, noEnvelope);
    expect(event).toMatchObject({
      kind: 'reply',
      from: 'remi@contoso-coffee.example',
      inReplyTo: ['0193b3c4-a5c6-7876-9f0f-441a3972ac10@mergeboard.local'],
    });
  });
});
