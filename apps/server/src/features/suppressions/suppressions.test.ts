import { get as httpGet } from 'node:http';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_MAX_ROWS, errorBodySchema, suppressionItemSchema } from '@mergeboard/core';
import { analyticsEvents, bounces, memberships, unsubscriptions, users, workspaces } from '../../db/schema';
import { signedInAs } from '../../testing/sessions';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { EXPORT_SEARCH_SETTING } from '../../lib/csv-export';
import { seedDemo } from '../../embedded/demo';
import { suppressionCopyQuery } from './suppression-queries';
import { addRecipientBounce } from './suppression-service';

type Caller = { headers: { authorization: string } };
const api = '/api';

describe('unsubscriptions and bounces', () => {
  let t: TestApp;
  const ids: Record<string, string> = {};
  const as: Record<string, Caller> = {};

  const call = (caller: Caller | null, method: string, url: string, payload?: object) =>
    t.app.inject({
      method: method as 'GET',
      url,
      ...(caller ? { headers: caller.headers } : {}),
      ...(payload ? { payload } : {}),
    });

  async function userId(email: string) {
    const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return row!.id;
  }

  /** A fresh space (PREMIUM shares its lists, PRO does not) with an owner and a member, both paid. */
  async function makeSpace(plan: 'PRO' | 'PREMIUM') {
    const [space] = await t.database.db
      .insert(workspaces)
      .values({ name: `${plan} lists`, slug: 'lists', plan })
      .returning();
    await t.database.db.insert(memberships).values([
      { workspaceId: space!.id, userId: ids.owner!, role: 'OWNER', userPlan: 'PRO' },
      { workspaceId: space!.id, userId: ids.admin!, role: 'ADMIN', userPlan: 'PRO' },
      { workspaceId: space!.id, userId: ids.member!, role: 'MEMBER', userPlan: 'PRO' },
    ]);
    return space!.id;
  }

  const listUrl = (list: 'unsubscriptions' | 'bounces', spaceId: string, query = '') =>
    `${api}/users/me/workspaces/${spaceId}/${list}${query}`;
  const addUrl = (list: 'unsubscriptions' | 'bounces') => `${api}/users/workspace-activation-add-${list}/me`;
  const deleteUrl = (list: 'unsubscriptions' | 'bounces', spaceId: string, email: string) =>
    `${api}/users/workspace-activation-delete-${list}/me/${spaceId}/${encodeURIComponent(email)}`;

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo({ db: t.database.db });
    const people = {
      owner: 'owner@acme.example',
      admin: 'admin@acme.example',
      member: 'member@acme.example',
      nonMember: 'pat@gmail.com',
    };
    for (const [key, email] of Object.entries(people)) {
      ids[key] = await userId(email);
      as[key] = await signedInAs(t, email);
    }
    const [acme] = await t.database.db.select().from(workspaces).where(eq(workspaces.name, 'Acme Sales'));
    ids.acme = acme!.id;
    // PREMIUM: its paid users see the bounces page, which a paid user of a PRO space does not (PERM-015).
    const [europe] = await t.database.db.select().from(workspaces).where(eq(workspaces.name, 'Acme Europe'));
    ids.europe = europe!.id;
  }, 120_000);
  afterAll(() => t.close());

  describe('listing', () => {
    it('API-052 UNSUB-011 UNSUB-012 pages 25 by default, sorted by email ascending, with the total', async () => {
      const res = await call(as.owner!, 'GET', listUrl('unsubscriptions', ids.acme!));
      expect(res.statusCode).toBe(200);
      const body = res.json() as { items: unknown[]; total: number };
      expect(body.items).toHaveLength(25);
      const items = body.items.map((item) => suppressionItemSchema.parse(item));
      const emails = items.map((item) => item.emailAddress);
      expect(emails).toEqual([...emails].sort());
      // Acme is PRO: nothing is shared, so the owner sees the entries they added.
      const [own] = await t.database.db
        .select({ n: count() })
        .from(unsubscriptions)
        .where(
          and(eq(unsubscriptions.workspaceId, ids.acme!), eq(unsubscriptions.createdByUserId, ids.owner!)),
        );
      expect(body.total).toBe(own!.n);
      expect(body.total).toBeGreaterThan(25);
      for (const item of items) expect(item.lastUpdateTimestamp).toBeGreaterThanOrEqual(item.createTimestamp);

      const second = (
        await call(as.owner!, 'GET', listUrl('unsubscriptions', ids.acme!, '?limit=25&limitOffset=25'))
      ).json() as { items: { emailAddress: string }[] };
      expect(second.items[0]!.emailAddress > emails.at(-1)!).toBe(true);
    });

    it('API-052 CONST-012 searches by part of the address (URL-encoded) and sorts by unsubscriptionTime', async () => {
      const all = (
        await call(as.owner!, 'GET', listUrl('unsubscriptions', ids.acme!, '?limit=100'))
      ).json() as { items: { emailAddress: string }[] };
      const needle = all.items[3]!.emailAddress.split('@')[0]!;
      const filter = encodeURIComponent(`search:${encodeURIComponent(needle.toUpperCase())}`);
      const found = (
        await call(
          as.owner!,
          'GET',
          listUrl('unsubscriptions', ids.acme!, `?filterBy=${filter}&sortBy=unsubscriptionTime:desc`),
        )
      ).json() as { items: { emailAddress: string; lastUpdateTimestamp: number }[]; total: number };
      expect(found.total).toBeGreaterThanOrEqual(1);
      expect(found.items.every((item) => item.emailAddress.includes(needle))).toBe(true);
      const times = found.items.map((item) => item.lastUpdateTimestamp);
      expect(times).toEqual([...times].sort((a, b) => b - a));

      const wildcard = (
        await call(
          as.owner!,
          'GET',
          listUrl(
            'unsubscriptions',
            ids.acme!,
            `?filterBy=${encodeURIComponent(`search:${encodeURIComponent('%_')}`)}`,
          ),
        )
      ).json() as { total: number };
      expect(wildcard.total).toBe(0);
    });

    it('API-055 BOUNCE-010 sorts bounces by bounceTime descending by default, and by type or email', async () => {
      const res = await call(as.admin!, 'GET', listUrl('bounces', ids.europe!));
      expect(res.statusCode).toBe(200);
      const body = res.json() as { items: { lastUpdateTimestamp: number }[]; total: number };
      expect(body.total).toBeGreaterThan(1);
      const times = body.items.map((item) => item.lastUpdateTimestamp);
      expect(times).toEqual([...times].sort((a, b) => b - a));
      for (const sortBy of ['type:asc', 'email:desc', 'bounceTime:asc']) {
        expect(
          (await call(as.admin!, 'GET', listUrl('bounces', ids.europe!, `?sortBy=${sortBy}`))).statusCode,
        ).toBe(200);
      }
    });

    it('API-052 refuses bad list parameters with a 400 naming the field', async () => {
      for (const [query, field] of [
        ['?limit=101', 'querystring.limit'],
        ['?limitOffset=-1', 'querystring.limitOffset'],
        ['?sortBy=bounceTime:asc', 'querystring.sortBy'],
        [`?filterBy=search:${'x'.repeat(5000)}`, 'querystring.filterBy'],
      ] as const) {
        const res = await call(as.owner!, 'GET', listUrl('unsubscriptions', ids.acme!, query));
        expect(res.statusCode, query).toBe(400);
        expect(Object.keys(errorBodySchema.parse(res.json()).error.fields ?? {}), query).toContain(field);
      }
    });

    it('PERM-015 ROUTE-013 a paid user of a PRO space, who has no bounces page, is refused its calls with core reason', async () => {
      const spaceId = await makeSpace('PRO');
      for (const [method, url, body] of [
        ['GET', listUrl('bounces', spaceId)],
        ['GET', listUrl('bounces', spaceId, '/export')],
        ['POST', addUrl('bounces'), { workspaceId: spaceId, emailAddresses: ['x@example.com'] }],
        ['DELETE', deleteUrl('bounces', spaceId, 'x@example.com')],
      ] as const) {
        const res = await call(as.owner!, method, url, body);
        expect(res.statusCode).toBe(403);
        expect(errorBodySchema.parse(res.json()).error).toMatchObject({
          code: 'forbidden',
          message: 'Bounces are not shown on this plan',
        });
      }
      expect((await call(as.owner!, 'GET', listUrl('unsubscriptions', spaceId))).statusCode).toBe(200);
    });

    it('API-052 API-055 a non-member gets 404 and learns nothing', async () => {
      for (const list of ['unsubscriptions', 'bounces'] as const) {
        const res = await call(as.nonMember!, 'GET', listUrl(list, ids.acme!));
        expect(res.statusCode).toBe(404);
        expect(res.body).not.toContain('@');
      }
    });
  });

  describe('adding', () => {
    it('API-053 EVT-010 counts newly added addresses, lowercased, and 0 for duplicates', async () => {
      const spaceId = await makeSpace('PRO');
      const first = await call(as.member!, 'POST', addUrl('unsubscriptions'), {
        workspaceId: spaceId,
        emailAddresses: ['Ann@Example.com', 'bob@example.com', 'ann@example.com'],
      });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ updated: 2 });
      const again = await call(as.member!, 'POST', addUrl('unsubscriptions'), {
        workspaceId: spaceId,
        emailAddresses: ['bob@example.com', 'ANN@example.com'],
      });
      expect(again.json()).toEqual({ updated: 0 });
      const rows = await t.database.db
        .select()
        .from(unsubscriptions)
        .where(eq(unsubscriptions.workspaceId, spaceId));
      expect(rows.map((row) => row.email).sort()).toEqual(['ann@example.com', 'bob@example.com']);
      // Not shared on PRO: the entries are the member's own.
      expect(rows.every((row) => row.type === 'USER' && row.createdByUserId === ids.member)).toBe(true);
      const logged = await t.database.db
        .select()
        .from(analyticsEvents)
        .where(
          and(eq(analyticsEvents.workspaceId, spaceId), eq(analyticsEvents.eventType, 'manual_unsubscribe')),
        );
      expect(logged.map((event) => event.payload.updated)).toEqual(expect.arrayContaining([2, 0]));
    });

    it('API-056 EVT-011 adds bounces as WORKSPACE entries when the space shares them', async () => {
      const spaceId = await makeSpace('PREMIUM');
      const res = await call(as.member!, 'POST', addUrl('bounces'), {
        workspaceId: spaceId,
        emailAddresses: ['gone@example.com'],
      });
      expect(res.json()).toEqual({ updated: 1 });
      const [row] = await t.database.db.select().from(bounces).where(eq(bounces.workspaceId, spaceId));
      expect(row).toMatchObject({ email: 'gone@example.com', type: 'WORKSPACE', kind: 'HARD' });
      const [event] = await t.database.db
        .select({ n: count() })
        .from(analyticsEvents)
        .where(and(eq(analyticsEvents.workspaceId, spaceId), eq(analyticsEvents.eventType, 'manual_bounce')));
      expect(event!.n).toBe(1);
    });

    it('BOUNCE-010 BOUNCE-012 a bounce that came back by mail is on the Bounces list with its bounceTime and type', async () => {
      const listedTo = async (caller: Caller, spaceId: string, email: string) => {
        const res = await call(caller, 'GET', listUrl('bounces', spaceId, `?filterBy=search:${email}`));
        expect(res.statusCode).toBe(200);
        return (res.json() as { items: unknown[] }).items.map((item) => suppressionItemSchema.parse(item));
      };
      const before = Date.now();
      // A space that shares its bounces: a WORKSPACE entry, on every member's list.
      const shared = await makeSpace('PREMIUM');
      await addRecipientBounce(t.database.db, {
        workspaceId: shared,
        sender: { id: ids.member!, email: 'member@acme.example' },
        email: 'Gone.Shared@example.com',
      });
      for (const caller of [as.member!, as.owner!]) {
        const [item] = await listedTo(caller, shared, 'gone.shared');
        expect(item).toMatchObject({ emailAddress: 'gone.shared@example.com', type: 'WORKSPACE' });
        expect(item!.lastUpdateTimestamp).toBeGreaterThanOrEqual(before);
        expect(item!.lastUpdateTimestamp).toBeLessThanOrEqual(Date.now());
      }
      // A free member of a Pro space (no sharing): the sender's own USER entry, theirs alone.
      const freeMember = 'free.member@acme.example';
      await addRecipientBounce(t.database.db, {
        workspaceId: ids.acme!,
        sender: { id: await userId(freeMember), email: freeMember },
        email: 'gone.own@example.com',
      });
      const [own] = await listedTo(await signedInAs(t, freeMember), ids.acme!, 'gone.own');
      expect(own).toMatchObject({ emailAddress: 'gone.own@example.com', type: 'USER' });
      expect(own!.lastUpdateTimestamp).toBeGreaterThanOrEqual(before);
    });

    it('API-053 UNSUB-005 refuses malformed addresses, an empty list and too many, writing nothing', async () => {
      const spaceId = await makeSpace('PREMIUM');
      const bad = await call(as.owner!, 'POST', addUrl('unsubscriptions'), {
        workspaceId: spaceId,
        emailAddresses: ['fine@example.com', 'not-an-email'],
      });
      expect(bad.statusCode).toBe(400);
      expect(errorBodySchema.parse(bad.json()).error.fields).toMatchObject({
        'body.emailAddresses.1': 'Email is invalid',
      });
      const empty = await call(as.owner!, 'POST', addUrl('unsubscriptions'), {
        workspaceId: spaceId,
        emailAddresses: [],
      });
      expect(empty.statusCode).toBe(400);
      const many = await call(as.owner!, 'POST', addUrl('bounces'), {
        workspaceId: spaceId,
        emailAddresses: Array.from({ length: 10_001 }, (_, i) => `a${i}@example.com`),
      });
      expect(many.statusCode).toBe(400);
      const noSpace = await call(as.owner!, 'POST', addUrl('unsubscriptions'), {
        emailAddresses: ['a@example.com'],
      });
      expect(noSpace.statusCode).toBe(400);
      for (const table of [unsubscriptions, bounces]) {
        const [n] = await t.database.db
          .select({ n: count() })
          .from(table)
          .where(eq(table.workspaceId, spaceId));
        expect(n!.n).toBe(0);
      }
    });

    it('API-053 a non-member naming a space in the body gets 404 and nothing is written', async () => {
      const spaceId = await makeSpace('PRO');
      const res = await call(as.nonMember!, 'POST', addUrl('unsubscriptions'), {
        workspaceId: spaceId,
        emailAddresses: ['x@example.com'],
      });
      expect(res.statusCode).toBe(404);
      const [n] = await t.database.db
        .select({ n: count() })
        .from(unsubscriptions)
        .where(eq(unsubscriptions.workspaceId, spaceId));
      expect(n!.n).toBe(0);
    });
  });

  describe('sharing and deleting', () => {
    it('UNSUB-013 UNSUB-016 with sharing on, members see WORKSPACE entries but cannot delete them (403, row kept)', async () => {
      const spaceId = await makeSpace('PREMIUM');
      await call(as.owner!, 'POST', addUrl('unsubscriptions'), {
        workspaceId: spaceId,
        emailAddresses: ['shared@example.com'],
      });
      const list = (await call(as.member!, 'GET', listUrl('unsubscriptions', spaceId))).json() as {
        items: { emailAddress: string; type: string; deletable: boolean }[];
      };
      expect(list.items).toEqual([
        expect.objectContaining({ emailAddress: 'shared@example.com', type: 'WORKSPACE', deletable: false }),
      ]);
      const refused = await call(
        as.member!,
        'DELETE',
        deleteUrl('unsubscriptions', spaceId, 'shared@example.com'),
      );
      expect(refused.statusCode).toBe(403);
      const [n] = await t.database.db
        .select({ n: count() })
        .from(unsubscriptions)
        .where(eq(unsubscriptions.workspaceId, spaceId));
      expect(n!.n).toBe(1);
      const ownerView = (await call(as.admin!, 'GET', listUrl('unsubscriptions', spaceId))).json() as {
        items: { deletable: boolean }[];
      };
      expect(ownerView.items[0]!.deletable).toBe(true);
      const removed = await call(
        as.admin!,
        'DELETE',
        deleteUrl('unsubscriptions', spaceId, 'shared@example.com'),
      );
      expect(removed.statusCode).toBe(200);
      expect(removed.json()).toEqual({ deleted: true });
    });

    it('BOUNCE-014 a member cannot delete a shared WORKSPACE bounce; API-057 decodes the address', async () => {
      const spaceId = await makeSpace('PREMIUM');
      await call(as.owner!, 'POST', addUrl('bounces'), {
        workspaceId: spaceId,
        emailAddresses: ['a+b@example.com'],
      });
      expect(
        (await call(as.member!, 'DELETE', deleteUrl('bounces', spaceId, 'a+b@example.com'))).statusCode,
      ).toBe(403);
      expect(
        (await call(as.owner!, 'DELETE', deleteUrl('bounces', spaceId, 'a+b@example.com'))).statusCode,
      ).toBe(200);
      const [n] = await t.database.db
        .select({ n: count() })
        .from(bounces)
        .where(eq(bounces.workspaceId, spaceId));
      expect(n!.n).toBe(0);
    });

    it('UNSUB-013 without sharing each member sees and deletes only their own entries', async () => {
      const spaceId = await makeSpace('PRO');
      await call(as.owner!, 'POST', addUrl('unsubscriptions'), {
        workspaceId: spaceId,
        emailAddresses: ['owners@example.com'],
      });
      await call(as.member!, 'POST', addUrl('unsubscriptions'), {
        workspaceId: spaceId,
        emailAddresses: ['mine@example.com'],
      });
      const list = (await call(as.member!, 'GET', listUrl('unsubscriptions', spaceId))).json() as {
        items: { emailAddress: string; deletable: boolean }[];
        total: number;
      };
      expect(list).toMatchObject({
        total: 1,
        items: [{ emailAddress: 'mine@example.com', deletable: true }],
      });
      expect(
        (await call(as.member!, 'DELETE', deleteUrl('unsubscriptions', spaceId, 'owners@example.com')))
          .statusCode,
      ).toBe(404);
      expect(
        (await call(as.member!, 'DELETE', deleteUrl('unsubscriptions', spaceId, 'mine@example.com')))
          .statusCode,
      ).toBe(200);
      const left = await t.database.db
        .select()
        .from(unsubscriptions)
        .where(eq(unsubscriptions.workspaceId, spaceId));
      expect(left.map((row) => row.email)).toEqual(['owners@example.com']);
    });

    it('API-054 a non-member replaying a delete gets 404 and the row is unchanged', async () => {
      const spaceId = await makeSpace('PRO');
      await call(as.owner!, 'POST', addUrl('unsubscriptions'), {
        workspaceId: spaceId,
        emailAddresses: ['keep@example.com'],
      });
      const res = await call(
        as.nonMember!,
        'DELETE',
        deleteUrl('unsubscriptions', spaceId, 'keep@example.com'),
      );
      expect(res.statusCode).toBe(404);
      const [n] = await t.database.db
        .select({ n: count() })
        .from(unsubscriptions)
        .where(eq(unsubscriptions.workspaceId, spaceId));
      expect(n!.n).toBe(1);
    });
  });

  describe('export', () => {
    it('CONST-010 EVT-008 streams the CSV with its header, file name and the rows the caller sees', async () => {
      const res = await call(as.owner!, 'GET', listUrl('unsubscriptions', ids.acme!, '/export'));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/csv');
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="Exported_Unsubscriptions_\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      const lines = res.body.trimEnd().split('\r\n');
      expect(lines[0]).toBe('email,unsubscriptionTime,type');
      const total = (
        (await call(as.owner!, 'GET', listUrl('unsubscriptions', ids.acme!))).json() as { total: number }
      ).total;
      expect(lines).toHaveLength(total + 1);
      const emails = lines.slice(1).map((line) => line.split(',')[0]!);
      expect(emails).toEqual([...emails].sort());
      const [event] = await t.database.db
        .select({ n: count() })
        .from(analyticsEvents)
        .where(and(eq(analyticsEvents.workspaceId, ids.acme!), eq(analyticsEvents.eventType, 'csv_export')));
      expect(event!.n).toBeGreaterThanOrEqual(1);
    });

    it('BOUNCE-011 CONST-010 exports at most 30000 rows, in order, with formula cells neutralised', async () => {
      const spaceId = await makeSpace('PREMIUM');
      const now = Date.now();
      const rows = Array.from({ length: EXPORT_MAX_ROWS + 5 }, (_, i) => ({
        workspaceId: spaceId,
        email: `${i === 0 ? '=cmd' : i === 1 ? '-x' : 'b'}${String(i).padStart(6, '0')}@example.com`,
        type: 'USER' as const,
        createdByUserId: ids.owner!,
        createdAt: new Date(now - i * 1000),
        updatedAt: new Date(now - i * 1000),
      }));
      for (let i = 0; i < rows.length; i += 5000) {
        await t.database.db.insert(bounces).values(rows.slice(i, i + 5000));
      }
      const res = await call(as.owner!, 'GET', listUrl('bounces', spaceId, '/export'));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toContain('Exported_Bounces_');
      const lines = res.body.trimEnd().split('\r\n');
      expect(lines[0]).toBe('email,bounceTime,type');
      expect(lines).toHaveLength(EXPORT_MAX_ROWS + 1);
      // Default order: bounceTime descending, so the newest (first inserted) rows come first.
      expect(lines[1]).toMatch(/^'=cmd000000@example\.com,/);
      expect(lines[2]).toMatch(/^'-x000001@example\.com,/);
      expect(new Set(lines.slice(1).map((line) => line.split(',')[0])).size).toBe(EXPORT_MAX_ROWS);
    }, 120_000);

    it("CONST-010 the export's cells: ISO times, neutralised formulas, and a search with quotes taken literally", async () => {
      // On PostgreSQL the file comes from COPY with inlined values, on PGlite from keyset pages: same text.
      const spaceId = await makeSpace('PRO');
      const when = new Date('2026-03-04T05:06:07.089Z');
      const entry = (email: string) => ({
        workspaceId: spaceId,
        email,
        type: 'USER' as const,
        createdByUserId: ids.owner!,
        createdAt: when,
        updatedAt: when,
      });
      await t.database.db
        .insert(unsubscriptions)
        .values([entry("o'brien@example.com"), entry('+plus@example.com'), entry('plain@example.com')]);
      const exportOf = (search?: string) =>
        call(
          as.owner!,
          'GET',
          listUrl(
            'unsubscriptions',
            spaceId,
            `/export${search === undefined ? '' : `?filterBy=${encodeURIComponent(`search:${encodeURIComponent(search)}`)}`}`,
          ),
        );
      const linesOf = (body: string) => body.split('\r\n');

      const all = await exportOf();
      expect(all.statusCode).toBe(200);
      const [header, ...rows] = linesOf(all.body);
      expect(header).toBe('email,unsubscriptionTime,type');
      expect(rows.pop()).toBe('');
      expect(rows.sort()).toEqual([
        "'+plus@example.com,2026-03-04T05:06:07.089Z,USER",
        "o'brien@example.com,2026-03-04T05:06:07.089Z,USER",
        'plain@example.com,2026-03-04T05:06:07.089Z,USER',
      ]);

      const quoted = await exportOf("o'brien");
      expect(linesOf(quoted.body)).toEqual([header, "o'brien@example.com,2026-03-04T05:06:07.089Z,USER", '']);

      const injection = await exportOf("'); delete from unsubscriptions; --");
      expect(injection.statusCode).toBe(200);
      expect(injection.body).toBe(`${header}\r\n`);
      const [left] = await t.database.db
        .select({ n: count() })
        .from(unsubscriptions)
        .where(eq(unsubscriptions.workspaceId, spaceId));
      expect(left!.n).toBe(3);
    });

    it('CONST-010 the COPY text of an export inlines no search term: it travels as a bound setting', async () => {
      const term = "needle'); select now(); --";
      const viewer = { workspaceId: ids.acme!, userId: ids.owner!, role: 'OWNER' as const, sharingOn: false };
      const query = suppressionCopyQuery(
        t.database.db,
        'unsubscriptions',
        viewer,
        { filterBy: { search: term }, sortBy: { key: 'email', direction: 'asc' } },
        10,
      );
      expect(query.text).not.toContain('needle');
      expect(query.text).toContain(`current_setting('${EXPORT_SEARCH_SETTING}')`);
      expect(Object.values(query.settings)).toEqual([`%${term}%`]);
      const unfiltered = suppressionCopyQuery(t.database.db, 'unsubscriptions', viewer, { filterBy: {} }, 10);
      expect(unfiltered.settings).toEqual({});
    });

    it('CONST-010 exports that the client abandons half-way give their database connection back', async () => {
      const spaceId = await makeSpace('PRO');
      const now = Date.now();
      const rows = Array.from({ length: 20_000 }, (_, i) => ({
        workspaceId: spaceId,
        email: `walk${String(i).padStart(5, '0')}@example.com`,
        type: 'USER' as const,
        createdByUserId: ids.owner!,
        createdAt: new Date(now - i),
        updatedAt: new Date(now - i),
      }));
      for (let i = 0; i < rows.length; i += 5000) {
        await t.database.db.insert(unsubscriptions).values(rows.slice(i, i + 5000));
      }
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const url = `${address}${listUrl('unsubscriptions', spaceId, '/export')}`;
      // More walk-aways than the pool has connections: a leak would leave the last export waiting.
      for (let i = 0; i < 12; i += 1) {
        await new Promise<void>((resolve, reject) => {
          const request = httpGet(url, { headers: as.owner!.headers }, (response) => {
            response.once('data', () => {
              request.destroy();
              resolve();
            });
          });
          request.on('error', reject);
        });
      }
      const full = await fetch(url, { headers: as.owner!.headers });
      expect(full.status).toBe(200);
      expect((await full.text()).trimEnd().split('\r\n')).toHaveLength(20_001);
    }, 120_000);

    it('CONST-010 a non-member cannot export (404)', async () => {
      const res = await call(as.nonMember!, 'GET', listUrl('bounces', ids.acme!, '/export'));
      expect(res.statusCode).toBe(404);
    });
  });
});
