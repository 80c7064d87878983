import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createMerge, type UserPlan } from '@mergeboard/core';
import { openDatabase, type Database } from '../db/client';
import { EMBEDDED_CHAINS, runMigrations } from '../db/migrate';
import {
  memberships,
  spreadsheetRows,
  spreadsheetSheets,
  spreadsheets,
  subscriptions,
  users,
  workspaces,
} from '../db/schema';
import { signedInAs } from './sessions';
import { createEmptyPostgresDatabase } from './test-database';
import { createTestApp, type TestApp } from './test-app';

export type Caller = { headers: { authorization: string } };

export interface SenderWorld {
  userId: string;
  workspaceId: string;
  email: string;
  caller: Caller;
  cookie: string;
}

/**
 * A sender in a space of their own: PRO (an active subscription, so the 1,500 workspace quota
 * applies), PRO_PERSONAL or FREE, signed in. `email` when its domain matters (the send guard).
 */
export async function senderWorld(
  t: TestApp,
  options: { plan: UserPlan; name?: string; freeUserQuota?: number; email?: string } = { plan: 'PRO' },
): Promise<SenderWorld> {
  const { db } = t.database;
  const email = options.email ?? `sender-${randomBytes(4).toString('hex')}@merge.example`;
  const [user] = await db
    .insert(users)
    .values({ email, name: options.name ?? 'Sam Sender', freeUserQuota: options.freeUserQuota ?? 20 })
    .returning();
  const [workspace] = await db
    .insert(workspaces)
    .values({ name: 'Merge space', slug: 'merge-space', plan: options.plan === 'FREE' ? 'FREE' : 'PRO' })
    .returning();
  await db.insert(memberships).values({
    workspaceId: workspace!.id,
    userId: user!.id,
    role: 'OWNER',
    userPlan: options.plan,
    isPaid: options.plan !== 'FREE',
  });
  if (options.plan !== 'FREE') {
    await db.insert(subscriptions).values({
      workspaceId: workspace!.id,
      status: 'ACTIVE',
      paymentSource: 'STRIPE',
      billingInterval: 'YEARLY',
      workspacePlan: 'PRO',
      startAt: new Date(Date.now() - 86_400_000),
      endAt: new Date(Date.now() + 300 * 86_400_000),
    });
  }
  const session = await signedInAs(t, email);
  return { userId: user!.id, workspaceId: workspace!.id, email, caller: session, cookie: session.cookie };
}

/** A sheet written straight into the spreadsheet tables, as an upload leaves it. */
export async function sheetFixture(
  db: Database['db'],
  owner: { userId: string; workspaceId: string },
  sheet: { header: string[]; rows: string[][]; name?: string; sheetName?: string; externalId?: string },
): Promise<{ spreadsheetId: string; sheetId: string }> {
  const [spreadsheet] = await db
    .insert(spreadsheets)
    .values({
      workspaceId: owner.workspaceId,
      userId: owner.userId,
      name: sheet.name ?? 'Customers',
      source: sheet.externalId ? 'GOOGLE_SHEETS' : 'UPLOAD',
      externalId: sheet.externalId ?? null,
    })
    .returning();
  const spreadsheetId = spreadsheet!.id;
  await db.insert(spreadsheetSheets).values({
    spreadsheetId,
    sheetId: '0',
    name: sheet.sheetName ?? 'Sheet1',
    position: 0,
    header: sheet.header,
    rowCount: sheet.rows.length,
    emailColumn: sheet.header.find((name) => /e-?mail/i.test(name)) ?? null,
  });
  for (let at = 0; at < sheet.rows.length; at += 2000) {
    await db.insert(spreadsheetRows).values(
      sheet.rows.slice(at, at + 2000).map((cells, index) => ({
        spreadsheetId,
        sheetId: '0',
        rowNumber: at + index + 1,
        cells,
      })),
    );
  }
  return { spreadsheetId, sheetId: '0' };
}

/** `count` people with distinct addresses: First name, Email, Company. */
export function people(count: number, domain = 'people.example'): string[][] {
  return Array.from({ length: count }, (_, i) => [
    `Person ${i + 1}`,
    `person${i + 1}@${domain}`,
    `Company ${i % 7}`,
  ]);
}
export const PEOPLE_HEADER = ['First name', 'Email', 'Company'];

/** The request body of a 'Send now' merge of a sheet. */
export function sendNowBody(sheet: { spreadsheetId: string; sheetId: string }, overrides: object = {}) {
  return {
    ...sheet,
    emailColumn: 'Email',
    subject: 'Hello {{First name}}',
    bodyHtml: '<p>Dear {{First name}} of {{Company|your company}},</p><p>Best.</p>',
    send: { mode: 'now' },
    ...overrides,
  };
}

/** Starts a 'Send now' merge of the sheet as the sender, through the API; anything but 201 throws. */
export async function sendNow(
  t: TestApp,
  who: SenderWorld,
  sheet: { spreadsheetId: string; sheetId: string },
  overrides: object = {},
) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/workspaces/${who.workspaceId}/merges`,
    headers: { ...who.caller.headers, 'content-type': 'application/json' },
    payload: JSON.stringify(sendNowBody(sheet, overrides)),
  });
  if (res.statusCode !== 201) throw new Error(`createMerge answered ${res.statusCode}: ${res.body}`);
  return createMerge.response.parse(res.json());
}

/** Recipient rows of a campaign by status. */
export async function recipientStatuses(
  database: Database,
  campaignId: string,
): Promise<Record<string, number>> {
  const result = await database.execute(
    'SELECT status, count(*)::int AS n FROM campaign_recipients WHERE campaign_id = $1 GROUP BY status',
    [campaignId],
  );
  return Object.fromEntries(result.rows.map((row) => [String(row.status), Number(row.n)]));
}

/**
 * Everything the inbound path may write (recipient rows, merges, both lists, the applied
 * messages), as one string: the same before and after shows that a message wrote nothing.
 */
export async function inboundWrites(database: Database): Promise<string> {
  const rows = async (text: string) => (await database.execute(text)).rows;
  return JSON.stringify([
    await rows('SELECT * FROM campaign_recipients ORDER BY id'),
    await rows('SELECT * FROM campaigns ORDER BY id'),
    await rows('SELECT email, type FROM bounces ORDER BY workspace_id, email'),
    await rows('SELECT email, type FROM unsubscriptions ORDER BY workspace_id, email'),
    await rows('SELECT message_id FROM inbound_messages ORDER BY message_id'),
  ]);
}

/** The day passes for the sender: today's quota counter becomes yesterday's. */
export async function quotaDayPasses(database: Database, userId: string): Promise<void> {
  await database.db.execute(sql`UPDATE sender_daily_quota SET day = day - 1 WHERE user_id = ${userId}`);
}

/** The hour before a retry passes: the retry is due now. */
export async function retryHourPasses(database: Database, scheduledMergeId: string): Promise<void> {
  await database.db.execute(sql`UPDATE scheduled_merges
    SET merge_time = now() - interval '1 second',
        recoverable_error_last_retry_at = recoverable_error_last_retry_at - interval '1 hour'
    WHERE id = ${scheduledMergeId}`);
}

/** A scheduled merge's time comes. */
export async function scheduledTimeComes(database: Database, mergeId: string): Promise<void> {
  await database.db.execute(
    sql`UPDATE merges SET send_at = now() - interval '1 second' WHERE id = ${mergeId}`,
  );
}

/** A worker took the merge's queued job (pg-boss moves it out of the queue): none is waiting now. */
export async function jobTaken(database: Database, mergeId: string): Promise<void> {
  await database.db.execute(
    sql`DELETE FROM pgboss.job WHERE data->>'mergeId' = ${mergeId} AND state = 'created'`,
  );
}

/**
 * The web process of a test whose workers are other processes: the app on a fresh, migrated
 * PostgreSQL database (its URL for them), sending through `smtpUrl` with `env`'s settings besides.
 * `t.database.destroy()` drops it.
 */
export async function appForWorkerProcesses(
  smtpUrl: string,
  env: NodeJS.ProcessEnv = {},
): Promise<{ t: TestApp; databaseUrl: string }> {
  const empty = await createEmptyPostgresDatabase();
  const database = await openDatabase({ kind: 'postgres', url: empty.url, poolSize: 5 });
  await runMigrations(database, EMBEDDED_CHAINS);
  const t = await createTestApp({
    database: {
      ...database,
      destroy: async () => {
        await database.close();
        await empty.drop();
      },
    },
    env: { SMTP_URL: smtpUrl, PUBLIC_URL: 'http://mergeboard.example', ...env },
  });
  return { t, databaseUrl: empty.url };
}
