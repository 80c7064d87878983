import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEDULED_MERGE_STATUSES } from '@mergeboard/core';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { openDatabase } from './client';
import { EMBEDDED_CHAINS, runMigrations } from './migrate';
import {
  auditEvents,
  bounces,
  memberships,
  providerEvents,
  scheduledMerges,
  unsubscriptions,
  users,
  workspaces,
} from './schema';

const DATA_MODEL_TABLES = [
  'users',
  'identities',
  'sessions',
  'rollout_status',
  'workspaces',
  'workspace_domains',
  'memberships',
  'invitations',
  'payment_plans',
  'payment_plan_tiers',
  'subscriptions',
  'subscription_payment_plans',
  'scheduled_seat_removals',
  'checkout_sessions',
  'invoices',
  'provider_events',
  'campaigns',
  'campaign_recipients',
  'poll_answers',
  'scheduled_merges',
  'unsubscriptions',
  'bounces',
  'templates',
  'drafts',
  'promotions',
  'audit_events',
  'app_meta',
  'analytics_events',
];

interface PgError {
  code: string;
  constraint?: string;
}

/** The database's own error behind a failed statement (drivers and drizzle wrap it). */
async function rejection(statement: PromiseLike<unknown>): Promise<PgError> {
  try {
    await statement;
  } catch (error) {
    let current: unknown = error;
    while (current instanceof Error || (typeof current === 'object' && current !== null)) {
      const candidate = current as { code?: unknown; cause?: unknown };
      if (typeof candidate.code === 'string') return current as PgError;
      current = candidate.cause;
    }
    throw error;
  }
  throw new Error('The statement was expected to fail');
}

const UNIQUE_VIOLATION = '23505';
const CHECK_VIOLATION = '23514';

describe('data model', () => {
  let database: TestDatabase;
  let sequence = 0;

  const newUser = async (email = `user${(sequence += 1)}@acme.example`) => {
    const [user] = await database.db.insert(users).values({ email }).returning();
    if (!user) throw new Error('no user');
    return user;
  };
  const newWorkspace = async (name = `Space number ${(sequence += 1)}`) => {
    const [workspace] = await database.db.insert(workspaces).values({ name, slug: 'space' }).returning();
    if (!workspace) throw new Error('no workspace');
    return workspace;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it('applies the migrations on a fresh database, creating every table of the data model', async () => {
    const { rows } = await database.execute(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`,
    );
    const tables = rows.map((row) => row.table_name);
    expect(tables).toEqual(expect.arrayContaining(DATA_MODEL_TABLES));
  });

  it('applies nothing twice: running the migrations again is a no-op', async () => {
    await expect(runMigrations(database, EMBEDDED_CHAINS)).resolves.toBeUndefined();
  });

  it('issue 22: the product alone creates no table of the embedded parts; the chain of each part adds its tables', async () => {
    const productOnly = await openDatabase({ kind: 'pglite', dir: null });
    const embeddedTables = async () =>
      (
        await productOnly.execute(
          `SELECT table_name FROM information_schema.tables
            WHERE table_schema = 'public' AND (table_name LIKE 'sandbox_%' OR table_name LIKE 'oidc_%')
            ORDER BY table_name`,
        )
      ).rows.map((row) => row.table_name);
    try {
      await runMigrations(productOnly, []);
      expect(await embeddedTables()).toEqual([]);
      await runMigrations(productOnly, ['stripe-sandbox']);
      expect(await embeddedTables()).toEqual(['sandbox_stripe_objects', 'sandbox_stripe_requests']);
      await runMigrations(productOnly, EMBEDDED_CHAINS);
      expect(await embeddedTables()).toEqual([
        'oidc_payloads',
        'sandbox_stripe_objects',
        'sandbox_stripe_requests',
      ]);
    } finally {
      await productOnly.close();
    }
  });

  it('installs pg_trgm and backs address and title search with trigram indexes', async () => {
    const extensions = await database.execute(`SELECT extname FROM pg_extension WHERE extname = 'pg_trgm'`);
    expect(extensions.rows).toHaveLength(1);
    const { rows } = await database.execute(
      `SELECT tablename FROM pg_indexes WHERE indexdef LIKE '%gin_trgm_ops%' ORDER BY tablename`,
    );
    expect(rows.map((row) => row.tablename)).toEqual(['bounces', 'campaigns', 'unsubscriptions', 'users']);
  });

  it('UNSUB-008: refuses a second unsubscription of an address in one space, while another space may list it', async () => {
    const space = await newWorkspace();
    const other = await newWorkspace();
    await database.db.insert(unsubscriptions).values({ workspaceId: space.id, email: 'lead@example.com' });

    const error = await rejection(
      database.db.insert(unsubscriptions).values({ workspaceId: space.id, email: 'lead@example.com' }),
    );
    expect(error).toMatchObject({
      code: UNIQUE_VIOLATION,
      constraint: 'unsubscriptions_workspace_id_email_unique',
    });
    // What lets "add" report 0 new addresses ('These email addresses were already unsubscribed.').
    const added = await database.db
      .insert(unsubscriptions)
      .values({ workspaceId: space.id, email: 'lead@example.com' })
      .onConflictDoNothing()
      .returning();
    expect(added).toHaveLength(0);
    await expect(
      database.db.insert(unsubscriptions).values({ workspaceId: other.id, email: 'lead@example.com' }),
    ).resolves.toBeDefined();
  });

  it('BOUNCE-008: refuses a second bounce of an address in one space', async () => {
    const space = await newWorkspace();
    await database.db
      .insert(bounces)
      .values({ workspaceId: space.id, email: 'gone@example.com', kind: 'HARD' });
    const error = await rejection(
      database.db.insert(bounces).values({ workspaceId: space.id, email: 'gone@example.com', kind: 'SOFT' }),
    );
    expect(error).toMatchObject({ code: UNIQUE_VIOLATION, constraint: 'bounces_workspace_id_email_unique' });
  });

  it('PERM-001: a space has a single OWNER; a second one is refused', async () => {
    const space = await newWorkspace();
    const owner = await newUser();
    const other = await newUser();
    await database.db.insert(memberships).values({ workspaceId: space.id, userId: owner.id, role: 'OWNER' });

    const error = await rejection(
      database.db.insert(memberships).values({ workspaceId: space.id, userId: other.id, role: 'OWNER' }),
    );
    expect(error.code).toBe(UNIQUE_VIOLATION);
    expect(error.constraint).toBe('memberships_one_owner_per_workspace_idx');
  });

  it('SPACE-028: ownership moves in one transaction, the previous owner staying a regular member', async () => {
    const space = await newWorkspace();
    const owner = await newUser();
    const next = await newUser();
    await database.db.insert(memberships).values([
      { workspaceId: space.id, userId: owner.id, role: 'OWNER' },
      { workspaceId: space.id, userId: next.id, role: 'MEMBER' },
    ]);
    await database.db.transaction(async (tx) => {
      await tx.update(memberships).set({ role: 'MEMBER' }).where(eq(memberships.userId, owner.id));
      await tx.update(memberships).set({ role: 'OWNER' }).where(eq(memberships.userId, next.id));
    });
    const rows = await database.db
      .select({ userId: memberships.userId, role: memberships.role })
      .from(memberships)
      .where(eq(memberships.workspaceId, space.id));
    expect(rows).toEqual(
      expect.arrayContaining([
        { userId: owner.id, role: 'MEMBER' },
        { userId: next.id, role: 'OWNER' },
      ]),
    );
  });

  it('refuses a second membership of the same user in one space', async () => {
    const space = await newWorkspace();
    const user = await newUser();
    await database.db.insert(memberships).values({ workspaceId: space.id, userId: user.id });
    const error = await rejection(
      database.db.insert(memberships).values({ workspaceId: space.id, userId: user.id, role: 'ADMIN' }),
    );
    expect(error.code).toBe(UNIQUE_VIOLATION);
  });

  it('stores addresses lowercased: a user address with capitals is refused', async () => {
    const error = await rejection(database.db.insert(users).values({ email: 'Someone@Acme.example' }));
    expect(error.code).toBe(CHECK_VIOLATION);
  });

  it('refuses a second user with the same address', async () => {
    await newUser('twice@acme.example');
    const error = await rejection(database.db.insert(users).values({ email: 'twice@acme.example' }));
    expect(error.code).toBe(UNIQUE_VIOLATION);
  });

  it('PERM-001: refuses a role outside MEMBER, ADMIN and OWNER', async () => {
    const space = await newWorkspace();
    const user = await newUser();
    const error = await rejection(
      database.execute(`INSERT INTO memberships (workspace_id, user_id, role) VALUES ($1, $2, 'SUPERUSER')`, [
        space.id,
        user.id,
      ]),
    );
    expect(error.code).toBe(CHECK_VIOLATION);
  });

  it('MM-030: accepts every scheduled merge status of the spec and refuses any other', async () => {
    const space = await newWorkspace();
    const user = await newUser();
    const merge = (sheetId: string) => ({
      workspaceId: space.id,
      userId: user.id,
      spreadsheetId: 'spreadsheet',
      sheetId,
      sheetName: 'Sheet1',
      spreadsheetName: 'Leads',
      title: 'Leads - Sheet1',
      spreadsheetLink: '',
    });
    await database.db
      .insert(scheduledMerges)
      .values(SCHEDULED_MERGE_STATUSES.map((status, index) => ({ ...merge(String(index)), status })));
    const error = await rejection(
      database.execute(
        `INSERT INTO scheduled_merges (workspace_id, user_id, spreadsheet_id, sheet_id, sheet_name, spreadsheet_name, title, spreadsheet_link, status)
         VALUES ($1, $2, 'spreadsheet', 'other', 'Sheet1', 'Leads', 'Leads - Sheet1', '', 'DONE')`,
        [space.id, user.id],
      ),
    );
    expect(error.code).toBe(CHECK_VIOLATION);
  });

  it('records a payment provider event once: a redelivered event id is refused', async () => {
    const event = { provider: 'stripe', eventId: 'evt_1', type: 'invoice.paid', payload: { id: 'evt_1' } };
    await database.db.insert(providerEvents).values(event);
    const error = await rejection(database.db.insert(providerEvents).values(event));
    expect(error.code).toBe(UNIQUE_VIOLATION);
  });

  it('deleting a space removes its members and lists but keeps its audit trail', async () => {
    const space = await newWorkspace();
    const user = await newUser();
    await database.db.insert(memberships).values({ workspaceId: space.id, userId: user.id, role: 'OWNER' });
    await database.db.insert(unsubscriptions).values({ workspaceId: space.id, email: 'a@example.com' });
    const [event] = await database.db
      .insert(auditEvents)
      .values({ workspaceId: space.id, actorUserId: user.id, action: 'workspace.deleted' })
      .returning();

    await database.db.delete(workspaces).where(eq(workspaces.id, space.id));

    expect(await database.db.select().from(memberships).where(eq(memberships.workspaceId, space.id))).toEqual(
      [],
    );
    expect(
      await database.db.select().from(unsubscriptions).where(eq(unsubscriptions.workspaceId, space.id)),
    ).toEqual([]);
    const [kept] = await database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.id, event?.id ?? ''));
    expect(kept).toMatchObject({ workspaceId: null, actorUserId: user.id, action: 'workspace.deleted' });
  });
});
