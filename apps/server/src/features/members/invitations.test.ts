import { and, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_TEXTS, errorBodySchema } from '@mergeboard/core';
import { hashSessionSecret, newSessionSecret } from '../../access/tokens';
import {
  identities,
  invitations,
  mailMessages,
  memberships,
  rolloutStatus,
  users,
  workspaces,
} from '../../db/schema';
import { signedInAs } from '../../testing/sessions';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { seedDemo } from '../../embedded/demo';
import { memberKit, type Caller } from '../../testing/member-test-kit';

describe('invitations', () => {
  let t: TestApp;
  let kit: Awaited<ReturnType<typeof memberKit>>;
  let acmeId = '';

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo({ db: t.database.db });
    kit = await memberKit(t);
    const [acme] = await t.database.db.select().from(workspaces).where(eq(workspaces.name, 'Acme Sales'));
    acmeId = acme!.id;
  });
  afterAll(() => t.close());

  const api = (spaceId: string, rest = '') => `/api/v1/workspaces/${spaceId}${rest}`;

  /** The token of the newest invitation mail sent to `email`. */
  async function mailedToken(email: string) {
    const [message] = await t.database.db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.toAddress, email))
      .orderBy(desc(mailMessages.createdAt))
      .limit(1);
    const link = /https?:\/\/\S+\/invitations\/([\w-]{43})\/accept/.exec(message?.textBody ?? '');
    return link?.[1] ?? null;
  }

  async function userIdOf(email: string) {
    const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return row?.id ?? null;
  }

  async function invite(caller: Caller, spaceId: string, emails: string[]) {
    return kit.call(caller, 'POST', api(spaceId, '/invitations'), { emails });
  }

  it('API-017 INV-014 INV-016 checks addresses without writing, and names why one cannot be invited', async () => {
    const res = await kit.call(kit.as.admin, 'POST', api(acmeId, '/invitations?onlyCheckValidity=true'), {
      emails: ['member@acme.example', 'fresh.person@acme.example', 'outsider@other.example'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      items: [
        { email: 'member@acme.example', errorMsg: 'This user is already a member of this space.' },
        { email: 'fresh.person@acme.example', errorMsg: null },
        {
          email: 'outsider@other.example',
          errorMsg: 'Your current plan only allows user from domain acme.example.',
        },
      ],
    });
    const [written] = await t.database.db
      .select({ n: count() })
      .from(invitations)
      .where(eq(invitations.email, 'fresh.person@acme.example'));
    expect(written!.n).toBe(0);
    expect(await userIdOf('fresh.person@acme.example')).toBeNull();
  });

  it('API-017 INV-014 an invitation with one refused address writes nothing', async () => {
    const spaceId = await kit.makeSpace();
    const before = await kit.rowsOf(spaceId);
    const res = await invite(kit.as.owner, spaceId, ['fine.person@acme.example', 'outsider@other.example']);
    expect(res.statusCode).toBe(200);
    expect((res.json() as { items: { errorMsg: string | null }[] }).items.map((i) => i.errorMsg)).toEqual([
      null,
      'Your current plan only allows user from domain acme.example.',
    ]);
    expect(await kit.rowsOf(spaceId)).toEqual(before);
    expect(await kit.invitationsOf(spaceId)).toEqual([]);
  });

  it('INV-016 a plan with several domains lets any address be invited', async () => {
    const spaceId = await kit.makeSpace({ freeHasMultiDomain: true });
    const res = await invite(kit.as.owner, spaceId, ['outsider@other.example']);
    expect(res.json()).toEqual({ items: [{ email: 'outsider@other.example', errorMsg: null }] });
    expect(await kit.rowsOf(spaceId)).toContainEqual(
      expect.objectContaining({ email: 'outsider@other.example', status: 'PENDING', userPlan: 'FREE' }),
    );
  });

  it('API-021 INV-019 MEM-029 the invited person joins once; the link then answers 409 and a stranger 403', async () => {
    await t.database.db
      .insert(users)
      .values({ email: 'new.joiner@acme.example', name: 'New Joiner', domain: 'acme.example' });
    const joiner = await signedInAs(t, 'new.joiner@acme.example');
    expect((await invite(kit.as.admin, acmeId, ['new.joiner@acme.example'])).statusCode).toBe(200);
    const token = (await mailedToken('new.joiner@acme.example'))!;
    const pending = await kit.call(
      kit.as.admin,
      'GET',
      api(acmeId, '/members?filterBy=memberStatus:PENDING'),
    );
    expect((pending.json() as { items: { email: string }[] }).items.map((m) => m.email)).toContain(
      'new.joiner@acme.example',
    );
    const stranger = await kit.call(kit.as.member, 'PUT', `/api/v1/invitations/${token}/accept`);
    expect(stranger.statusCode).toBe(403);
    expect(errorBodySchema.parse(stranger.json()).error.message).toBe(
      'You are logged into a different account than the one invited.',
    );
    const res = await kit.call(joiner, 'PUT', `/api/v1/invitations/${token}/accept`);
    expect(res.statusCode).toBe(200);
    // A person without a sending space now sends from the one joined.
    expect(res.json()).toEqual({ workspaceId: acmeId, workspaceName: 'Acme Sales', isActiveWorkspace: true });
    const [joined] = (await kit.rowsOf(acmeId)).filter((row) => row.email === 'new.joiner@acme.example');
    expect(joined).toMatchObject({ role: 'MEMBER', status: 'ACTIVE', seatType: 'ADDED_YAMM_USER' });
    const again = await kit.call(joiner, 'PUT', `/api/v1/invitations/${token}/accept`);
    expect(again.statusCode).toBe(409);
    expect(errorBodySchema.parse(again.json()).error.code).toBe('user_already_exists');
  });

  it('INV-001 INV-008 INV-010 an unknown link answers 404, an expired one 409 invitation_is_not_active; tokens are stored hashed', async () => {
    const malformed = await kit.call(kit.as.member, 'PUT', '/api/v1/invitations/short/accept');
    expect(malformed.statusCode).toBe(400);
    const unknown = await kit.call(kit.as.member, 'PUT', `/api/v1/invitations/${'B'.repeat(43)}/accept`);
    expect(unknown.statusCode).toBe(404);
    expect(errorBodySchema.parse(unknown.json()).error.message).toBe('The invite link is invalid.');
    const spaceId = await kit.makeSpace({ members: [{ who: 'owner', role: 'OWNER' }] });
    expect((await invite(kit.as.owner, spaceId, ['amara.okafor@acme.example'])).statusCode).toBe(200);
    const token = (await mailedToken('amara.okafor@acme.example'))!;
    const [stored] = await t.database.db
      .select()
      .from(invitations)
      .where(eq(invitations.workspaceId, spaceId));
    expect(stored!.tokenHash).toBe(hashSessionSecret(token));
    await t.database.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.workspaceId, spaceId));
    const expired = await kit.call(kit.as.amara, 'PUT', `/api/v1/invitations/${token}/accept`);
    expect(expired.statusCode).toBe(409);
    expect(errorBodySchema.parse(expired.json()).error).toMatchObject({
      code: 'invitation_is_not_active',
      message: 'The invite link has expired or been cancelled.',
    });
    expect((await kit.rowsOf(spaceId)).find((row) => row.email === 'amara.okafor@acme.example')?.status).toBe(
      'PENDING',
    );
  });

  it('INV-012 while INVITATION is in force for the invited person the link is no longer valid', async () => {
    const spaceId = await kit.makeSpace({ members: [{ who: 'owner', role: 'OWNER' }] });
    await invite(kit.as.owner, spaceId, ['lucas.martin@acme.example']);
    const token = (await mailedToken('lucas.martin@acme.example'))!;
    await t.database.db
      .update(rolloutStatus)
      .set({ lastActivatedStep: 1 })
      .where(eq(rolloutStatus.userId, kit.ids.lucas));
    try {
      const res = await kit.call(kit.as.lucas, 'PUT', `/api/v1/invitations/${token}/accept`);
      expect(res.statusCode).toBe(403);
      expect(errorBodySchema.parse(res.json()).error.message).toBe(
        'Sorry, this invitation link is no longer valid.',
      );
    } finally {
      await t.database.db
        .update(rolloutStatus)
        .set({ lastActivatedStep: 9 })
        .where(eq(rolloutStatus.userId, kit.ids.lucas));
    }
  });

  it('INV an invitation goes out as mail with its single-use link, captured in the local mailbox without SMTP', async () => {
    await t.database.db
      .insert(users)
      .values({ email: 'mailed.person@acme.example', name: 'Mailed Person', domain: 'acme.example' });
    const invitee = await signedInAs(t, 'mailed.person@acme.example');
    const res = await invite(kit.as.admin, acmeId, ['Mailed.Person@acme.example']);
    expect(res.statusCode).toBe(200);
    const [message] = await t.database.db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.toAddress, 'mailed.person@acme.example'));
    expect(message).toMatchObject({
      kind: 'invitation',
      status: 'CAPTURED',
      subject: 'Marcus Chen invited you to Acme Sales on Mergeboard',
    });
    const token = (await mailedToken('mailed.person@acme.example'))!;
    // The mailbox shows the link to the invitee (its session cookie says who is there), not to others.
    const page = await t.app.inject({ method: 'GET', url: '/mailbox', headers: { cookie: invitee.cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`/invitations/${token}/accept</a>`);
    const other = await signedInAs(t, 'admin@acme.example');
    const elsewhere = await t.app.inject({
      method: 'GET',
      url: '/mailbox',
      headers: { cookie: other.cookie },
    });
    expect(elsewhere.body).not.toContain(token);
    const accepted = await kit.call(invitee, 'PUT', `/api/v1/invitations/${token}/accept`);
    expect(accepted.statusCode).toBe(200);
  });

  describe('a person without an account', () => {
    it('INV-002 INV-004 API-005 is added before signing up: the sign-in is no account yet, creating it keeps the place, and the link joins', async () => {
      const spaceId = await kit.makeSpace({ seats: 10 });
      const email = 'brand.new@acme.example';
      const add = await kit.call(kit.as.owner, 'POST', api(spaceId, '/users/v1'), { userEmails: [email] });
      expect(add.json()).toEqual({ success: true, results: [{ userEmail: email, errorDetails: null }] });
      const inviteeId = await userIdOf(email);
      expect(inviteeId).not.toBeNull();

      // The pending row is no account: signing in finds none, so the person creates theirs.
      const person = await signedInAs(t, email);
      const me = await kit.call(person, 'GET', '/api/v2/users/me');
      expect(me.statusCode).toBe(404);
      expect(errorBodySchema.parse(me.json()).error.code).toBe('user_not_found');
      const created = await kit.call(person, 'POST', '/api/v2/users/workspace-activation-create-user', {
        userEmail: email,
        userName: 'Brand New',
        createSource: 'WEBAPP',
      });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({ userId: inviteeId, userName: 'Brand New' });
      const [identity] = await t.database.db
        .select({ userId: identities.userId })
        .from(identities)
        .where(eq(identities.email, email));
      expect(identity!.userId).toBe(inviteeId);
      // The own FREE space every account gets, and the pending place kept.
      const places = await t.database.db
        .select({ workspaceId: memberships.workspaceId, role: memberships.role, status: memberships.status })
        .from(memberships)
        .where(eq(memberships.userId, inviteeId!));
      expect(places).toHaveLength(2);
      expect(places).toContainEqual({ workspaceId: spaceId, role: 'MEMBER', status: 'PENDING' });

      const token = (await mailedToken(email))!;
      const joined = await kit.call(person, 'PUT', `/api/v1/invitations/${token}/accept`);
      expect(joined.statusCode).toBe(200);
      expect(joined.json()).toMatchObject({ workspaceId: spaceId, workspaceName: 'Member test space' });
      expect((await kit.rowsOf(spaceId)).find((row) => row.email === email)).toMatchObject({
        status: 'ACTIVE',
        seatType: 'ADDED_YAMM_USER',
        isPaid: true,
      });
    });

    it('INV-002 INV-004 API-005 (issue 24) the link says before sign-in which space and who invited; the invitation is kept through account creation and the invitee ends up a member', async () => {
      const spaceId = await kit.makeSpace({ members: [{ who: 'owner', role: 'OWNER' }] });
      const email = 'first.timer@acme.example';
      expect((await invite(kit.as.owner, spaceId, [email])).statusCode).toBe(200);
      const token = (await mailedToken(email))!;
      const [owner] = await t.database.db.select().from(users).where(eq(users.id, kit.ids.owner));
      const expected = { workspaceName: 'Member test space', invitedBy: owner!.name, invitedEmail: email };

      // Signed out, as the sign-in screen reads it.
      const before = await kit.call(null, 'GET', `/api/v1/invitations/${token}`);
      expect(before.statusCode).toBe(200);
      expect(before.json()).toEqual(expected);

      // The person signs in first ('Sign in' rather than creating the account): no account yet,
      // and the invitation still reads the same.
      const person = await signedInAs(t, email);
      expect((await kit.call(person, 'GET', '/api/v2/users/me')).statusCode).toBe(404);
      expect((await kit.call(null, 'GET', `/api/v1/invitations/${token}`)).json()).toEqual(expected);

      const created = await kit.call(person, 'POST', '/api/v2/users/workspace-activation-create-user', {
        userEmail: email,
        userName: 'First Timer',
        createSource: 'WEBAPP',
      });
      expect(created.statusCode).toBe(201);
      // The web app then follows the link it kept (the sign-in's continue target) and joins.
      const joined = await kit.call(person, 'PUT', `/api/v1/invitations/${token}/accept`);
      expect(joined.statusCode).toBe(200);
      expect(joined.json()).toMatchObject({ workspaceId: spaceId, workspaceName: 'Member test space' });
      expect((await kit.rowsOf(spaceId)).find((row) => row.email === email)).toMatchObject({
        role: 'MEMBER',
        status: 'ACTIVE',
      });

      // A used link reads as no longer active; an unknown one as invalid.
      const used = await kit.call(null, 'GET', `/api/v1/invitations/${token}`);
      expect(used.statusCode).toBe(409);
      expect(errorBodySchema.parse(used.json()).error).toMatchObject({
        code: 'invitation_is_not_active',
        message: 'The invite link has expired or been cancelled.',
      });
      const unknown = await kit.call(null, 'GET', `/api/v1/invitations/${'C'.repeat(43)}`);
      expect(unknown.statusCode).toBe(404);
      expect(errorBodySchema.parse(unknown.json()).error.message).toBe('The invite link is invalid.');
    });

    it('API-005 an address with an account is still refused a second one', async () => {
      const owner = await signedInAs(t, 'owner@acme.example');
      const res = await kit.call(owner, 'POST', '/api/v2/users/workspace-activation-create-user', {
        userEmail: 'owner@acme.example',
        createSource: 'WEBAPP',
      });
      expect(res.statusCode).toBe(409);
      expect(errorBodySchema.parse(res.json()).error.code).toBe('user_already_exists');
    });
  });

  describe('resend and cancel (API-018, API-019, MEM-030, INV-018)', () => {
    it('API-018 MEM-030 INV-018 resending mails a fresh link; the old one stops working', async () => {
      const spaceId = await kit.makeSpace({ seats: 5 });
      const email = 'resent.person@acme.example';
      await kit.call(kit.as.owner, 'POST', api(spaceId, '/users/v1'), { userEmails: [email] });
      const first = (await mailedToken(email))!;
      const res = await kit.call(kit.as.admin, 'PUT', api(spaceId, '/invitations/resend'), {
        invitedUserEmails: [email],
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ resent: 1 });
      const second = (await mailedToken(email))!;
      expect(second).not.toBe(first);
      expect(await kit.invitationsOf(spaceId)).toEqual([
        { email, status: 'CANCELED' },
        { email, status: 'PENDING' },
      ]);
      const person = await signedInAs(t, email);
      await kit.call(person, 'POST', '/api/v2/users/workspace-activation-create-user', {
        userEmail: email,
        createSource: 'WEBAPP',
      });
      const stale = await kit.call(person, 'PUT', `/api/v1/invitations/${first}/accept`);
      expect(stale.statusCode).toBe(409);
      expect(errorBodySchema.parse(stale.json()).error.code).toBe('invitation_is_not_active');
      expect((await kit.call(person, 'PUT', `/api/v1/invitations/${second}/accept`)).statusCode).toBe(200);
    });

    it('API-019 MEM-030 INV-018 cancelling removes the pending member, gives back the seat and the link; the invitee row goes', async () => {
      const spaceId = await kit.makeSpace({ seats: 5 });
      const email = 'cancelled.person@acme.example';
      await kit.call(kit.as.owner, 'POST', api(spaceId, '/users/v1'), { userEmails: [email] });
      const token = (await mailedToken(email))!;
      expect(await kit.seatsOf(spaceId)).toEqual({ assigned: 4, total: 5 });
      const res = await kit.call(kit.as.admin, 'DELETE', api(spaceId, '/invitations'), {
        invitedUserEmails: [email],
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ cancelled: 1 });
      expect((await kit.rowsOf(spaceId)).map((row) => row.email)).not.toContain(email);
      expect(await kit.seatsOf(spaceId)).toEqual({ assigned: 3, total: 5 });
      expect(await kit.invitationsOf(spaceId)).toEqual([{ email, status: 'CANCELED' }]);
      expect(await userIdOf(email)).toBeNull();
      const person = await signedInAs(t, email);
      await kit.call(person, 'POST', '/api/v2/users/workspace-activation-create-user', {
        userEmail: email,
        createSource: 'WEBAPP',
      });
      const accept = await kit.call(person, 'PUT', `/api/v1/invitations/${token}/accept`);
      expect(accept.statusCode).toBe(409);
      expect(errorBodySchema.parse(accept.json()).error.code).toBe('invitation_is_not_active');
    });

    it('API-019 MEM-030 naming an address without a pending invitation refuses the whole call and changes nothing', async () => {
      const spaceId = await kit.makeSpace({ seats: 5 });
      await kit.call(kit.as.owner, 'POST', api(spaceId, '/users/v1'), {
        userEmails: ['kept.person@acme.example'],
      });
      const before = [
        await kit.rowsOf(spaceId),
        await kit.invitationsOf(spaceId),
        await kit.seatsOf(spaceId),
      ];
      for (const [method, path] of [
        ['DELETE', '/invitations'],
        ['PUT', '/invitations/resend'],
      ] as const) {
        const res = await kit.call(kit.as.owner, method, api(spaceId, path), {
          invitedUserEmails: ['kept.person@acme.example', 'member@acme.example'],
        });
        expect(res.statusCode).toBe(404);
        expect(errorBodySchema.parse(res.json()).error.message).toBe(
          MEMBER_TEXTS.notInvited('member@acme.example'),
        );
      }
      expect([
        await kit.rowsOf(spaceId),
        await kit.invitationsOf(spaceId),
        await kit.seatsOf(spaceId),
      ]).toEqual(before);
    });
  });

  describe('a FREE domain space holds one member (001 §1, CONST-019, MEM-063)', () => {
    const full = () =>
      kit.makeSpace({ plan: 'FREE', members: [{ who: 'owner', role: 'OWNER', userPlan: 'FREE' }] });
    const refusal = 'Your current plan does not allow more than 1 free user(s).';

    it('CONST-019 MEM-063 INV-014 refuses to invite or add anyone into a full FREE space, writing nothing', async () => {
      const spaceId = await full();
      const invited = await invite(kit.as.owner, spaceId, ['second.person@acme.example']);
      expect(invited.json()).toEqual({ items: [{ email: 'second.person@acme.example', errorMsg: refusal }] });
      const added = await kit.call(kit.as.owner, 'POST', api(spaceId, '/users/v1'), {
        userEmails: ['second.person@acme.example'],
      });
      expect(added.json()).toEqual({
        success: false,
        results: [{ userEmail: 'second.person@acme.example', errorDetails: refusal }],
      });
      expect(await kit.rowsOf(spaceId)).toHaveLength(1);
      expect(await kit.invitationsOf(spaceId)).toEqual([]);
    });

    it('CONST-019 MEM-063 an invitation made before the space filled up is refused at accept with the reason', async () => {
      const spaceId = await full();
      const token = newSessionSecret();
      await t.database.db.insert(invitations).values({
        tokenHash: hashSessionSecret(token),
        workspaceId: spaceId,
        email: 'priya.natarajan@acme.example',
        expiresAt: new Date(Date.now() + 86_400_000),
      });
      const res = await kit.call(kit.as.priya, 'PUT', `/api/v1/invitations/${token}/accept`);
      expect(res.statusCode).toBe(409);
      expect(errorBodySchema.parse(res.json()).error).toMatchObject({
        code: 'user_limit_reached',
        message: refusal,
      });
      expect(await kit.rowsOf(spaceId)).toHaveLength(1);
      expect(await kit.invitationsOf(spaceId)).toEqual([
        { email: 'priya.natarajan@acme.example', status: 'PENDING' },
      ]);
    });

    it('CONST-019 a FREE space allowed more users takes them, and joining makes them ACTIVE', async () => {
      const spaceId = await kit.makeSpace({
        plan: 'FREE',
        freeAllowedUserCount: 2,
        members: [{ who: 'owner', role: 'OWNER', userPlan: 'FREE' }],
      });
      expect((await invite(kit.as.owner, spaceId, ['hannah.kowalski@acme.example'])).json()).toEqual({
        items: [{ email: 'hannah.kowalski@acme.example', errorMsg: null }],
      });
      const token = (await mailedToken('hannah.kowalski@acme.example'))!;
      expect((await kit.call(kit.as.hannah, 'PUT', `/api/v1/invitations/${token}/accept`)).statusCode).toBe(
        200,
      );
      expect(
        (await kit.rowsOf(spaceId)).find((row) => row.email === 'hannah.kowalski@acme.example'),
      ).toMatchObject({ status: 'ACTIVE', userPlan: 'FREE', isPaid: false });
      const third = await invite(kit.as.owner, spaceId, ['lucas.martin@acme.example']);
      expect((third.json() as { items: { errorMsg: string }[] }).items[0]!.errorMsg).toBe(
        'Your current plan does not allow more than 2 free user(s).',
      );
    });
  });

  it('C2 MEM-011 MEM-015 the legacy invite brings a free pending member into a legacy TEAM space', async () => {
    const spaceId = await kit.makeSpace({ plan: 'LEGACY', legacyType: 'TEAM', domains: ['acme.example'] });
    const res = await kit.call(kit.as.owner, 'POST', api(spaceId, '/legacy-invitations'), {
      userEmails: ['legacy.invitee@acme.example', 'outsider@other.example'],
    });
    expect(res.json()).toEqual({
      items: [
        { email: 'legacy.invitee@acme.example', errorMsg: null },
        {
          email: 'outsider@other.example',
          errorMsg: 'Your current plan only allows user from domain acme.example.',
        },
      ],
    });
    const ok = await kit.call(kit.as.owner, 'POST', api(spaceId, '/legacy-invitations'), {
      userEmails: ['legacy.invitee@acme.example'],
    });
    expect(ok.statusCode).toBe(200);
    expect(
      (await kit.rowsOf(spaceId)).find((row) => row.email === 'legacy.invitee@acme.example'),
    ).toMatchObject({
      status: 'PENDING',
      userPlan: 'FREE',
      isPaid: false,
    });
    expect(await mailedToken('legacy.invitee@acme.example')).not.toBeNull();
  });

  it('API-021 a second click at the same moment joins once', async () => {
    const spaceId = await kit.makeSpace({ members: [{ who: 'owner', role: 'OWNER' }] });
    await invite(kit.as.owner, spaceId, ['jonas.weber@acme.example']);
    const token = (await mailedToken('jonas.weber@acme.example'))!;
    const answers = await Promise.all(
      [1, 2, 3].map(() => kit.call(kit.as.jonas, 'PUT', `/api/v1/invitations/${token}/accept`)),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409, 409]);
    const [row] = await t.database.db
      .select({ n: count() })
      .from(memberships)
      .where(and(eq(memberships.workspaceId, spaceId), eq(memberships.userId, kit.ids.jonas)));
    expect(row!.n).toBe(1);
  });
});
