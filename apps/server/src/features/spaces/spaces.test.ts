import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema, workspaceDetailsSchema } from '@mergeboard/core';
import { memberships, promotions, users, workspaces } from '../../db/schema';
import { signedInAs } from '../../testing/sessions';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { seedDemo } from '../../embedded/demo';
import { headerSafe } from '../mail';
import { findSpaceAccess } from '../../access/space-access';

type Caller = { headers: { authorization: string } } | null;

describe('spaces', () => {
  let t: TestApp;
  const ids: Record<string, string> = {};
  const as: Record<string, Caller> = {};

  const call = (caller: Caller, method: string, url: string, payload?: object) =>
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

  /** A fresh space with one person per role, so destructive calls never touch the demo's. */
  async function makeSpace(name = 'Walk space') {
    const [space] = await t.database.db
      .insert(workspaces)
      .values({ name, slug: 'walk-space', plan: 'PRO' })
      .returning();
    await t.database.db.insert(memberships).values([
      { workspaceId: space!.id, userId: ids.owner!, role: 'OWNER', userPlan: 'PRO' },
      { workspaceId: space!.id, userId: ids.admin!, role: 'ADMIN', userPlan: 'PRO' },
      { workspaceId: space!.id, userId: ids.member!, role: 'MEMBER', userPlan: 'PRO' },
      { workspaceId: space!.id, userId: ids.disabled!, role: 'MEMBER', userPlan: 'FREE', status: 'DISABLED' },
    ]);
    return space!.id;
  }

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo({ db: t.database.db });
    const people = {
      owner: 'owner@acme.example',
      admin: 'admin@acme.example',
      member: 'member@acme.example',
      disabled: 'noah.fischer@acme.example',
      nonMember: 'pat@gmail.com',
    };
    for (const [key, email] of Object.entries(people)) {
      ids[key] = await userId(email);
      as[key] = await signedInAs(t, email);
    }
    as.anonymous = null;
    const [acme] = await t.database.db.select().from(workspaces).where(eq(workspaces.name, 'Acme Sales'));
    ids.acme = acme!.id;
  });
  afterAll(() => t.close());

  it("API-008 a non-member replaying a member's call gets 404 and changes nothing", async () => {
    const res = await call(as.nonMember!, 'PUT', `/api/v1/workspaces/${ids.acme}`, {
      workspaceName: 'Hijacked space',
    });
    expect(res.statusCode).toBe(404);
    const [acme] = await t.database.db.select().from(workspaces).where(eq(workspaces.id, ids.acme!));
    expect(acme!.name).toBe('Acme Sales');
    const read = await call(as.nonMember!, 'GET', `/api/v1/workspaces/${ids.acme}`);
    expect(read.statusCode).toBe(404);
    expect(read.body).not.toContain('Acme');
  });

  it("API-008 answers the space with the member's features, domains and counts", async () => {
    const res = await call(
      as.admin!,
      'GET',
      `/api/v1/workspaces/${ids.acme}?includeDomains=true&includeFeatures=true`,
    );
    expect(res.statusCode).toBe(200);
    const details = workspaceDetailsSchema.parse(res.json());
    expect(details).toMatchObject({
      name: 'Acme Sales',
      plan: 'PRO',
      role: 'ADMIN',
      memberCount: 12,
      workspaceDomains: [{ domainName: 'acme.example' }],
      ownerEmail: 'owner@acme.example',
    });
    expect(details.urlPrefix).toBe(`/${ids.acme}/acme-sales`);
  });

  it('SPACE a DISABLED space answers only name, plan, legacy type and status', async () => {
    const spaceId = await makeSpace('Disabled space');
    await t.database.db.update(workspaces).set({ status: 'DISABLED' }).where(eq(workspaces.id, spaceId));
    const res = await call(as.member!, 'GET', `/api/v1/workspaces/${spaceId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: spaceId,
      name: 'Disabled space',
      plan: 'PRO',
      legacyType: null,
      status: 'DISABLED',
    });
  });

  describe('creating', () => {
    it('SPACE refuses a short or empty name with the spec texts, and writes nothing', async () => {
      const before = await t.database.db.select({ n: count() }).from(workspaces);
      const short = await call(as.member!, 'POST', '/api/v1/workspaces', {
        workspaceName: '  abc ',
        userId: ids.member,
      });
      expect(short.statusCode).toBe(400);
      expect(errorBodySchema.parse(short.json()).error.fields).toEqual({
        'body.workspaceName': 'Space name should contain at least 5 characters.',
      });
      const empty = await call(as.member!, 'POST', '/api/v1/workspaces', {
        workspaceName: '   ',
        userId: ids.member,
      });
      expect(errorBodySchema.parse(empty.json()).error.fields?.['body.workspaceName']).toBe(
        'Please fill in this field.',
      );
      const long = await call(as.member!, 'POST', '/api/v1/workspaces', {
        workspaceName: 'x'.repeat(256),
        userId: ids.member,
      });
      expect(errorBodySchema.parse(long.json()).error.fields?.['body.workspaceName']).toBe(
        'Space name could contain at most 255 characters.',
      );
      expect(await t.database.db.select({ n: count() }).from(workspaces)).toEqual(before);
    });

    it('never acts for another user id given in the body', async () => {
      const res = await call(as.member!, 'POST', '/api/v1/workspaces', {
        workspaceName: 'Not mine at all',
        userId: ids.owner,
      });
      expect(res.statusCode).toBe(403);
    });

    it('SPACE creates a FREE space owned by the caller, with a trimmed name, up to 5 owned; the sixth gets the spec text', async () => {
      const creator = await signedInAs(t, 'jonas.weber@acme.example');
      const creatorId = await userId('jonas.weber@acme.example');
      const created: string[] = [];
      for (let i = 1; i <= 5; i += 1) {
        const res = await call(creator, 'POST', '/api/v1/workspaces', {
          workspaceName: `  Jonas team ${i}  `,
          userId: creatorId,
        });
        expect(res.statusCode).toBe(201);
        created.push((res.json() as { workspaceId: string }).workspaceId);
      }
      const [first] = await t.database.db.select().from(workspaces).where(eq(workspaces.id, created[0]!));
      expect(first).toMatchObject({ name: 'Jonas team 1', slug: 'jonas-team-1', plan: 'FREE' });
      const sixth = await call(creator, 'POST', '/api/v1/workspaces', {
        workspaceName: 'Jonas team 6',
        userId: creatorId,
      });
      expect(sixth.statusCode).toBe(409);
      expect(errorBodySchema.parse(sixth.json()).error.message).toBe(
        'You are already the owner of 5 spaces which is the limit of the number of spaces you can own.',
      );
    });
  });

  it('SPACE renames with the trimmed name and answers the space', async () => {
    const spaceId = await makeSpace();
    const res = await call(as.owner!, 'PUT', `/api/v1/workspaces/${spaceId}`, {
      workspaceName: '  Renamed space  ',
    });
    expect(res.statusCode).toBe(200);
    expect(workspaceDetailsSchema.parse(res.json())).toMatchObject({
      name: 'Renamed space',
      urlPrefix: `/${spaceId}/renamed-space`,
    });
  });

  describe('transferring ownership', () => {
    it('SPACE gives the space to an active member; the previous owner stays as a member', async () => {
      const spaceId = await makeSpace();
      const res = await call(as.owner!, 'PUT', `/api/v1/workspaces/${spaceId}/owner`, { userId: ids.member });
      expect(res.statusCode).toBe(200);
      expect(
        (await findSpaceAccess(t.database.db, spaceId, { id: ids.owner!, email: 'x@acme.example' }))!
          .membership.role,
      ).toBe('MEMBER');
      expect(
        (await findSpaceAccess(t.database.db, spaceId, { id: ids.member!, email: 'x@acme.example' }))!
          .membership.role,
      ).toBe('OWNER');
    });

    it('refuses someone who is not an active member', async () => {
      const spaceId = await makeSpace();
      for (const target of [ids.nonMember, ids.disabled]) {
        const res = await call(as.owner!, 'PUT', `/api/v1/workspaces/${spaceId}/owner`, { userId: target });
        expect(res.statusCode).toBe(400);
        expect(errorBodySchema.parse(res.json()).error.fields).toHaveProperty('body.userId');
      }
    });

    it('SPACE answers 409 user_owns_too_many_workspaces when the new owner already owns 5', async () => {
      const spaceId = await makeSpace();
      const busy = await userId('jonas.weber@acme.example'); // owns 5 since the creation test
      await t.database.db
        .insert(memberships)
        .values({ workspaceId: spaceId, userId: busy, role: 'MEMBER', userPlan: 'PRO' });
      const owned = await t.database.db
        .select({ n: count() })
        .from(memberships)
        .where(and(eq(memberships.userId, busy), eq(memberships.role, 'OWNER')));
      expect(owned[0]!.n).toBe(5);
      const res = await call(as.owner!, 'PUT', `/api/v1/workspaces/${spaceId}/owner`, { userId: busy });
      expect(res.statusCode).toBe(409);
      const { error } = errorBodySchema.parse(res.json());
      expect(error.code).toBe('user_owns_too_many_workspaces');
      expect(error.fields).toEqual({ 'body.userId': 'This user already owns too many spaces.' });
    });
  });

  it('keeps one owner per space and at most 5 owned spaces under 20 concurrent transfers, renames and creations', async () => {
    // Two people who own nothing yet: each creates spaces while their shared spaces are passed
    // back and forth between them, so creations and transfers race for the same limit.
    const [lucasEmail, hannahEmail] = ['lucas.martin@acme.example', 'hannah.kowalski@acme.example'];
    const lucas = await signedInAs(t, lucasEmail);
    const hannah = await signedInAs(t, hannahEmail);
    const lucasId = await userId(lucasEmail);
    const hannahId = await userId(hannahEmail);
    const shared: string[] = [];
    // Three spaces for Lucas and two for Hannah up front, so the eight creations cannot all fit.
    await call(lucas, 'POST', '/api/v1/workspaces', { workspaceName: 'Lucas own space', userId: lucasId });
    for (const name of ['Hannah one', 'Hannah two']) {
      await call(hannah, 'POST', '/api/v1/workspaces', { workspaceName: name, userId: hannahId });
    }
    for (const name of ['Race one', 'Race two']) {
      const res = await call(lucas, 'POST', '/api/v1/workspaces', { workspaceName: name, userId: lucasId });
      const spaceId = (res.json() as { workspaceId: string }).workspaceId;
      await t.database.db
        .insert(memberships)
        .values({ workspaceId: spaceId, userId: hannahId, role: 'MEMBER', userPlan: 'PRO' });
      shared.push(spaceId);
    }
    const requests = Array.from({ length: 20 }, (_, i) => {
      const spaceId = shared[i % 2]!;
      switch (i % 5) {
        case 0:
          return call(lucas, 'PUT', `/api/v1/workspaces/${spaceId}/owner`, { userId: hannahId });
        case 1:
          return call(hannah, 'PUT', `/api/v1/workspaces/${spaceId}/owner`, { userId: lucasId });
        case 2:
          return call(lucas, 'PUT', `/api/v1/workspaces/${spaceId}`, { workspaceName: `Race renamed ${i}` });
        case 3:
          return call(lucas, 'POST', '/api/v1/workspaces', {
            workspaceName: `Lucas race ${i}`,
            userId: lucasId,
          });
        default:
          return call(hannah, 'POST', '/api/v1/workspaces', {
            workspaceName: `Hannah race ${i}`,
            userId: hannahId,
          });
      }
    });
    const statuses = (await Promise.all(requests)).map((res) => res.statusCode);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    // Some of the racing requests must have been refused by the limit, or the race proved nothing.
    expect(statuses.some((status) => status === 409)).toBe(true);

    const owners = await t.database.db
      .select({ workspaceId: memberships.workspaceId, n: count() })
      .from(memberships)
      .where(eq(memberships.role, 'OWNER'))
      .groupBy(memberships.workspaceId);
    const allSpaces = await t.database.db.select({ n: count() }).from(workspaces);
    expect(owners.length).toBe(allSpaces[0]!.n);
    expect(owners.every((row) => row.n === 1)).toBe(true);
    for (const racer of [lucasId, hannahId]) {
      const [owned] = await t.database.db
        .select({ n: count() })
        .from(memberships)
        .where(and(eq(memberships.userId, racer), eq(memberships.role, 'OWNER')));
      expect(owned!.n).toBeLessThanOrEqual(5);
    }
  });

  it('keeps line breaks a user typed out of mail headers', () => {
    expect(headerSafe('Evil\r\nBcc: victim@example.com space')).toBe('Evil Bcc: victim@example.com space');
  });

  it('API-023 SHELL-010 lists the enabled sidebar promotions in their order and drops invalid ones; none when there are none', async () => {
    const url = '/api/cannon?project=mergeboard&placement=sidebar';
    // Nothing configured (PROMOTIONS) and nothing stored: the demo invents none (issue 24).
    const none = await call(as.member!, 'GET', url);
    expect(none.json()).toEqual({ enabled: false, promotions: [] });
    const target = { project: 'mergeboard', placement: 'sidebar', type: 'addon' };
    await t.database.db.insert(promotions).values([
      {
        ...target,
        name: 'Broken',
        description: 'No image',
        image: '',
        url: 'https://x.test',
        productId: 'b',
      },
      {
        ...target,
        name: 'Second',
        description: 'Two',
        image: 'data:,',
        url: 'https://x.test/2',
        productId: 's',
        sortOrder: 2,
      },
      {
        ...target,
        name: 'First',
        description: 'One',
        image: 'data:,',
        url: 'https://x.test/1',
        productId: 'f',
        sortOrder: 1,
      },
    ]);
    const res = await call(as.member!, 'GET', url);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { enabled: boolean; promotions: { name: string }[] };
    expect(body.enabled).toBe(true);
    expect(body.promotions.map((p) => p.name)).toEqual(['First', 'Second']);
  });
});
