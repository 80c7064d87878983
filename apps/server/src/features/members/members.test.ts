import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MEMBER_TEXTS,
  REMOVAL_TEXTS,
  errorBodySchema,
  listSpaceManagers,
  seatMemberSchema,
  seatSummarySchema,
  seatsAvailableText,
  spaceMemberSchema,
} from '@mergeboard/core';
import {
  memberships,
  rolloutStatus,
  scheduledSeatRemovals,
  subscriptionPaymentPlans,
  workspaces,
} from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { seedDemo } from '../../embedded/demo';
import { memberKit, type Caller, type Person } from '../../testing/member-test-kit';

describe('members', () => {
  let t: TestApp;
  let kit: Awaited<ReturnType<typeof memberKit>>;

  beforeAll(async () => {
    // The concurrency and fuzz cases send many mutations from one address.
    t = await createTestApp({ rateLimit: { max: 100_000, timeWindow: '1 minute' } });
    await seedDemo({ db: t.database.db });
    kit = await memberKit(t);
  });
  afterAll(() => t.close());

  const api = (spaceId: string, rest = '') => `/api/v1/workspaces/${spaceId}${rest}`;
  const errorOf = (res: { json(): unknown }) => errorBodySchema.parse(res.json()).error;

  /** Runs `fn` while `who` is at rollout step 2: MULTIPLE_PAYMENT in force, the rest lifted (PERM-048). */
  async function withSinglePayment(who: Person, fn: () => Promise<void>) {
    const step = (lastActivatedStep: number) =>
      t.database.db
        .update(rolloutStatus)
        .set({ lastActivatedStep })
        .where(eq(rolloutStatus.userId, kit.ids[who]));
    await step(2);
    try {
      await fn();
    } finally {
      await step(9);
    }
  }

  const addUsers = (caller: Caller, spaceId: string, userEmails: string[], onlyCheck = false) =>
    kit.call(caller, 'POST', api(spaceId, `/users/v1${onlyCheck ? '?onlyCheckValidity=true' : ''}`), {
      userEmails,
    });

  describe('listing (API-011, API-062)', () => {
    let spaceId = '';
    const trialEnd = new Date(Date.now() + 9 * 86_400_000);

    beforeAll(async () => {
      spaceId = await kit.makeSpace({
        seats: 10,
        members: [
          { who: 'owner', role: 'OWNER' },
          { who: 'admin', role: 'ADMIN' },
          { who: 'member' },
          { who: 'liam', userPlan: 'FREE' },
          { who: 'priya', trialEnd },
          { who: 'amara', userPlan: 'FREE', status: 'DISABLED' },
          { who: 'pat', userPlan: 'PRO_PERSONAL' },
        ],
      });
      await addUsers(kit.as.owner, spaceId, ['aaron.pending@acme.example']);
    });

    type Listed = { items: Record<string, unknown>[]; total: number };
    const list = async (query = '') => {
      const res = await kit.call(kit.as.member, 'GET', api(spaceId, `/members${query}`));
      expect(res.statusCode).toBe(200);
      return res.json() as Listed;
    };

    it('API-011 MEM-021 MEM-024 MEM-025 a member row carries role, status, plan, paid flag, trial, domain, quota', async () => {
      const { items, total } = await list();
      expect(total).toBe(8);
      for (const item of items) expect(spaceMemberSchema.strict().parse(item)).toEqual(item);
      const byEmail = new Map(items.map((item) => [item.email, item]));
      expect(byEmail.get('owner@acme.example')).toMatchObject({
        id: kit.ids.owner,
        name: 'Olivia Bennett',
        role: 'OWNER',
        status: 'ACTIVE',
        plan: 'PRO',
        isPaid: true,
        trial: null,
        isPersonal: false,
        isUserInDomain: true,
        isScheduledToBeDowngraded: false,
        toBeRemoved: false,
        quota: 1500,
      });
      // A trial member has the PRO plan but is not paid: isPaid is the stored state.
      expect(byEmail.get('priya.natarajan@acme.example')).toMatchObject({
        plan: 'PRO',
        isPaid: false,
        trial: trialEnd.getTime(),
      });
      expect(byEmail.get('free.member@acme.example')).toMatchObject({
        plan: 'FREE',
        isPaid: false,
        quota: 20,
      });
      expect(byEmail.get('pat@gmail.com')).toMatchObject({
        plan: 'PRO_PERSONAL',
        quota: 400,
        isPersonal: true,
        isUserInDomain: false,
      });
      expect(byEmail.get('aaron.pending@acme.example')).toMatchObject({
        status: 'PENDING',
        seatType: 'PENDING_YAMM_USER',
        plan: 'PRO',
        isPaid: true,
        name: 'aaron.pending@acme.example',
      });
    });

    it('MEM-022 a trial end at the server sentinel reads -1 (unlimited)', async () => {
      await t.database.db
        .update(memberships)
        .set({ freeTrialEnd: new Date('9999-12-31T00:00:00Z') })
        .where(and(eq(memberships.workspaceId, spaceId), eq(memberships.userId, kit.ids.priya)));
      try {
        const { items } = await list('?filterBy=search:priya');
        expect(items[0]).toMatchObject({ trial: -1 });
      } finally {
        await t.database.db
          .update(memberships)
          .set({ freeTrialEnd: trialEnd })
          .where(and(eq(memberships.workspaceId, spaceId), eq(memberships.userId, kit.ids.priya)));
      }
    });

    it('MEM-031 without a sort, pending members come after the others', async () => {
      const { items } = await list();
      expect(items.at(-1)).toMatchObject({ email: 'aaron.pending@acme.example', status: 'PENDING' });
      const emails = items.slice(0, -1).map((item) => item.email as string);
      expect(emails).toEqual([...emails].sort());
    });

    it('MEM-023 API-003 sorts by userEmail, userName, userRole and seatType, and refuses other keys', async () => {
      const emails = (await list('?sortBy=userEmail:desc')).items.map((item) => item.email as string);
      expect(emails).toEqual([...emails].sort().reverse());
      const names = (await list('?sortBy=userName:asc')).items.map((item) => item.name as string);
      expect(names[0]).toBe('Amara Okafor');
      const roles = (await list('?sortBy=userRole:asc')).items.map((item) => item.role);
      expect(roles.slice(0, 2)).toEqual(['ADMIN', 'MEMBER']);
      const seats = (await list('?sortBy=seatType:desc')).items.map((item) => item.seatType);
      expect(seats[0]).toBe('PENDING_YAMM_USER');
      const bad = await kit.call(kit.as.member, 'GET', api(spaceId, '/members?sortBy=createdAt:asc'));
      expect(bad.statusCode).toBe(400);
    });

    it('API-011 filters by memberStatus and search; an unknown status is a 400 naming filterBy', async () => {
      expect((await list('?filterBy=memberStatus:DISABLED')).items.map((item) => item.email)).toEqual([
        'amara.okafor@acme.example',
      ]);
      expect((await list('?filterBy=memberStatus:PENDING')).total).toBe(1);
      expect((await list('?filterBy=search:olivia')).items.map((item) => item.email)).toEqual([
        'owner@acme.example',
      ]);
      const bad = await kit.call(kit.as.member, 'GET', api(spaceId, '/members?filterBy=memberStatus:GONE'));
      expect(bad.statusCode).toBe(400);
      expect(errorOf(bad).fields).toHaveProperty(['query.filterBy']);
    });

    it('C10 pages by at most 100 with limit and limitOffset', async () => {
      const page = await list('?limit=3&limitOffset=3');
      expect(page.items).toHaveLength(3);
      expect(page.total).toBe(8);
      const tooMany = await kit.call(kit.as.member, 'GET', api(spaceId, '/members?limit=101'));
      expect(tooMany.statusCode).toBe(400);
    });

    it('API-062 MEM-026 MEM-027 the seat listing: FREE_TRIAL with a trial, PENDING on a pending seat, else ACTIVE; no DISABLED', async () => {
      const res = await kit.call(kit.as.member, 'GET', api(spaceId, '/users/v1'));
      expect(res.statusCode).toBe(200);
      const { items, total } = res.json() as { items: Record<string, unknown>[]; total: number };
      for (const item of items) expect(seatMemberSchema.strict().parse(item)).toEqual(item);
      expect(total).toBe(7);
      const statusOf = new Map(items.map((item) => [item.email, item.status]));
      expect(statusOf.get('priya.natarajan@acme.example')).toBe('FREE_TRIAL');
      expect(statusOf.get('aaron.pending@acme.example')).toBe('PENDING');
      expect(statusOf.get('owner@acme.example')).toBe('ACTIVE');
      expect(statusOf.has('amara.okafor@acme.example')).toBe(false);
      expect(items.find((item) => item.email === 'owner@acme.example')).toMatchObject({
        workspaceId: spaceId,
        seatType: 'ADDED_YAMM_USER',
        isPersonal: false,
      });
      const pending = await kit.call(
        kit.as.member,
        'GET',
        api(spaceId, '/users/v1?filterBy=userStatus:PENDING'),
      );
      expect((pending.json() as { items: { email: string }[] }).items.map((item) => item.email)).toEqual([
        'aaron.pending@acme.example',
      ]);
      const bad = await kit.call(
        kit.as.member,
        'GET',
        api(spaceId, '/users/v1?filterBy=userStatus:DISABLED'),
      );
      expect(bad.statusCode).toBe(400);
    });

    it('PERM-012 PERM-016 SHELL-023 a FREE member of the per-seat PRO space reads neither list (403, core reason), only whom to ask for an upgrade', async () => {
      for (const path of ['/members', '/users/v1']) {
        const res = await kit.call(kit.as.liam, 'GET', api(spaceId, path));
        expect(res.statusCode).toBe(403);
        expect(errorOf(res)).toMatchObject({
          code: 'forbidden',
          message: 'Only owners, admins and paid users can see the users of this space',
        });
      }
      const managers = await kit.call(kit.as.liam, 'GET', api(spaceId, '/managers'));
      expect(managers.statusCode).toBe(200);
      const { items } = listSpaceManagers.response.parse(managers.json());
      expect(items.map(({ id, email, role }) => ({ id, email, role }))).toEqual([
        { id: kit.ids.owner, email: 'owner@acme.example', role: 'OWNER' },
        { id: kit.ids.admin, email: 'admin@acme.example', role: 'ADMIN' },
      ]);
      expect(items[0]!.name).toBe('Olivia Bennett');
    });
  });

  describe('adding to seats (API-063)', () => {
    it('API-063 MEM-052 MEM-053 MEM-076 the check answers per address and writes nothing', async () => {
      const spaceId = await kit.makeSpace({ seats: 5 });
      await addUsers(kit.as.owner, spaceId, ['invited.once@acme.example']);
      const before = [
        await kit.rowsOf(spaceId),
        await kit.seatsOf(spaceId),
        await kit.invitationsOf(spaceId),
      ];
      const res = await addUsers(
        kit.as.admin,
        spaceId,
        ['NEW.Person@acme.example', 'member@acme.example', 'invited.once@acme.example', 'x@other.example'],
        true,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: false,
        results: [
          { userEmail: 'new.person@acme.example', errorDetails: null },
          { userEmail: 'member@acme.example', errorDetails: MEMBER_TEXTS.alreadyMember },
          { userEmail: 'invited.once@acme.example', errorDetails: MEMBER_TEXTS.alreadyInvited },
          {
            userEmail: 'x@other.example',
            errorDetails: 'Your current plan only allows user from domain acme.example.',
          },
        ],
      });
      expect([
        await kit.rowsOf(spaceId),
        await kit.seatsOf(spaceId),
        await kit.invitationsOf(spaceId),
      ]).toEqual(before);
      const ok = await addUsers(kit.as.admin, spaceId, ['new.person@acme.example'], true);
      expect(ok.json()).toEqual({
        success: true,
        results: [{ userEmail: 'new.person@acme.example', errorDetails: null }],
      });
      expect(await kit.rowsOf(spaceId)).toEqual(before[0]);
    });

    it('MEM-048 addresses are taken lowercased and trimmed, each once', async () => {
      const spaceId = await kit.makeSpace({ seats: 5 });
      const res = await addUsers(kit.as.owner, spaceId, [' Twice@Acme.example', 'twice@acme.example']);
      expect(res.json()).toEqual({
        success: true,
        results: [{ userEmail: 'twice@acme.example', errorDetails: null }],
      });
      expect((await kit.rowsOf(spaceId)).filter((row) => row.email === 'twice@acme.example')).toHaveLength(1);
    });

    it('MEM-051 MEM-054 one refused address refuses the whole add: nothing is written', async () => {
      const spaceId = await kit.makeSpace({ seats: 5 });
      const before = [await kit.rowsOf(spaceId), await kit.seatsOf(spaceId)];
      const res = await addUsers(kit.as.owner, spaceId, ['fine@acme.example', 'x@other.example']);
      expect(res.json()).toMatchObject({ success: false });
      expect([await kit.rowsOf(spaceId), await kit.seatsOf(spaceId)]).toEqual(before);
      expect(await kit.invitationsOf(spaceId)).toEqual([]);
    });

    it('API-063 MEM-028 each address takes a seat as a pending paid member with an invitation mail', async () => {
      const spaceId = await kit.makeSpace({ seats: 5 });
      expect(await kit.seatsOf(spaceId)).toEqual({ assigned: 3, total: 5 });
      const res = await addUsers(kit.as.admin, spaceId, ['one.new@acme.example', 'two.new@acme.example']);
      expect(res.json()).toEqual({
        success: true,
        results: [
          { userEmail: 'one.new@acme.example', errorDetails: null },
          { userEmail: 'two.new@acme.example', errorDetails: null },
        ],
      });
      const added = (await kit.rowsOf(spaceId)).filter((row) => row.email.endsWith('.new@acme.example'));
      expect(added).toEqual([
        expect.objectContaining({
          status: 'PENDING',
          userPlan: 'PRO',
          isPaid: true,
          seatType: 'PENDING_YAMM_USER',
        }),
        expect.objectContaining({
          status: 'PENDING',
          userPlan: 'PRO',
          isPaid: true,
          seatType: 'PENDING_YAMM_USER',
        }),
      ]);
      expect(await kit.seatsOf(spaceId)).toEqual({ assigned: 5, total: 5 });
      expect((await kit.invitationsOf(spaceId)).map((row) => row.status)).toEqual(['PENDING', 'PENDING']);
    });

    it('MEM-055 MEM-056 more addresses than free seats: the others hear the seats text, and nothing is added', async () => {
      const spaceId = await kit.makeSpace({ seats: 4 });
      const before = await kit.rowsOf(spaceId);
      const res = await addUsers(kit.as.owner, spaceId, [
        'a.new@acme.example',
        'b.new@acme.example',
        'c.new@acme.example',
      ]);
      expect(res.json()).toEqual({
        success: false,
        results: [
          { userEmail: 'a.new@acme.example', errorDetails: null },
          { userEmail: 'b.new@acme.example', errorDetails: seatsAvailableText(1) },
          { userEmail: 'c.new@acme.example', errorDetails: seatsAvailableText(1) },
        ],
      });
      expect(seatsAvailableText(1)).toBe(
        'There is 1 available seat in this space so you can add 1 member. To add more members you need to add more seats to the space first.',
      );
      expect(await kit.rowsOf(spaceId)).toEqual(before);
    });

    it('MEM-059 the plan paid-user maximum refuses with its text (max_users_reached)', async () => {
      const spaceId = await kit.makeSpace({ seats: 10, proAllowedUserCount: 3 });
      const res = await addUsers(kit.as.owner, spaceId, ['a.new@acme.example']);
      expect(res.json()).toEqual({
        success: false,
        results: [
          {
            userEmail: 'a.new@acme.example',
            errorDetails: 'Your current plan allows a maximum of 3 paid users.',
          },
        ],
      });
    });

    it('MEM-060 MEM-036 someone paid in another space cannot take a seat under MULTIPLE_PAYMENT', async () => {
      const spaceId = await kit.makeSpace({ seats: 10, members: [{ who: 'owner', role: 'OWNER' }] });
      await withSinglePayment('owner', async () => {
        const res = await addUsers(kit.as.owner, spaceId, [
          'member@acme.example',
          'someone.new@acme.example',
        ]);
        expect(res.json()).toEqual({
          success: false,
          results: [
            {
              userEmail: 'member@acme.example',
              errorDetails: 'User is already a paid user in another space.',
            },
            { userEmail: 'someone.new@acme.example', errorDetails: null },
          ],
        });
      });
      const lifted = await addUsers(kit.as.owner, spaceId, ['member@acme.example']);
      expect(lifted.json()).toMatchObject({ success: true });
    });

    it('SEAT unlimited seats (-1) take any number of members', async () => {
      const spaceId = await kit.makeSpace({ seats: -1 });
      const emails = Array.from({ length: 12 }, (_, i) => `many${i}@acme.example`);
      expect((await addUsers(kit.as.owner, spaceId, emails)).json()).toMatchObject({ success: true });
      expect((await kit.seatsOf(spaceId)).assigned).toBe(15);
    });

    it('RELIABILITY 20 concurrent adds into a space with 3 free seats leave exactly 3 added and the rest refused', async () => {
      const spaceId = await kit.makeSpace({ seats: 6 });
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => addUsers(kit.as.owner, spaceId, [`racer${i}@acme.example`])),
      );
      expect(answers.map((res) => res.statusCode)).toEqual(Array(20).fill(200));
      const outcomes = answers.map(
        (res) => res.json() as { success: boolean; results: { errorDetails: string | null }[] },
      );
      expect(outcomes.filter((o) => o.success)).toHaveLength(3);
      for (const refused of outcomes.filter((o) => !o.success)) {
        expect(refused.results[0]!.errorDetails).toBe(seatsAvailableText(0));
      }
      const racers = (await kit.rowsOf(spaceId)).filter((row) => row.email.startsWith('racer'));
      expect(racers).toHaveLength(3);
      expect(await kit.seatsOf(spaceId)).toEqual({ assigned: 6, total: 6 });
      expect(await kit.invitationsOf(spaceId)).toHaveLength(3);
    });
  });

  describe('removing (API-064, API-013, MEM-065 MEM-066 MEM-067 MEM-068 MEM-069 MEM-070 MEM-071)', () => {
    const removeByEmail = (caller: Caller, spaceId: string, userEmails: string[]) =>
      kit.call(caller, 'PATCH', api(spaceId, '/users/v1'), { userEmails });

    /** The call is refused with `message` and the space's members and seats are as they were. */
    async function expectRefused(
      call: () => Promise<{ statusCode: number; json(): unknown }>,
      spaceId: string,
      message: string,
    ) {
      const before = [await kit.rowsOf(spaceId), await kit.seatsOf(spaceId)];
      const res = await call();
      expect(res.statusCode).toBe(403);
      expect(errorOf(res)).toEqual({ code: 'member_remove_refused', message });
      expect([await kit.rowsOf(spaceId), await kit.seatsOf(spaceId)]).toEqual(before);
    }

    it('API-064 removes members and frees their seats; a pending one loses the invitation too', async () => {
      const spaceId = await kit.makeSpace({ seats: 5 });
      await addUsers(kit.as.owner, spaceId, ['pending.one@acme.example']);
      expect(await kit.seatsOf(spaceId)).toEqual({ assigned: 4, total: 5 });
      const res = await removeByEmail(kit.as.admin, spaceId, [
        'member@acme.example',
        'pending.one@acme.example',
      ]);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, removed: 2 });
      expect((await kit.rowsOf(spaceId)).map((row) => row.email)).toEqual([
        'admin@acme.example',
        'owner@acme.example',
      ]);
      expect(await kit.seatsOf(spaceId)).toEqual({ assigned: 2, total: 5 });
      expect(await kit.invitationsOf(spaceId)).toEqual([
        { email: 'pending.one@acme.example', status: 'CANCELED' },
      ]);
    });

    it('MEM-065 PERM-026 the owner cannot be removed', async () => {
      const spaceId = await kit.makeSpace({ seats: 5 });
      await expectRefused(
        () => removeByEmail(kit.as.admin, spaceId, ['member@acme.example', 'owner@acme.example']),
        spaceId,
        'The owner cannot be removed from the space',
      );
    });

    it('MEM-066 PERM-029 a free-trial user cannot be removed', async () => {
      const spaceId = await kit.makeSpace({
        seats: 5,
        members: [
          { who: 'owner', role: 'OWNER' },
          { who: 'priya', trialEnd: new Date(Date.now() + 86_400_000) },
        ],
      });
      await expectRefused(
        () => removeByEmail(kit.as.owner, spaceId, ['priya.natarajan@acme.example']),
        spaceId,
        'You cannot remove the user in Free trial',
      );
    });

    it('MEM-067 PERM-028 an admin cannot remove themselves', async () => {
      const spaceId = await kit.makeSpace({ seats: 5 });
      await expectRefused(
        () => removeByEmail(kit.as.admin, spaceId, ['admin@acme.example']),
        spaceId,
        'You cannot remove yourself from the space',
      );
    });

    it('MEM-068 PERM-027 an admin cannot remove another admin; the owner can', async () => {
      const spaceId = await kit.makeSpace({
        seats: 5,
        members: [
          { who: 'owner', role: 'OWNER' },
          { who: 'admin', role: 'ADMIN' },
          { who: 'jonas', role: 'ADMIN' },
        ],
      });
      await expectRefused(
        () => removeByEmail(kit.as.admin, spaceId, ['jonas.weber@acme.example']),
        spaceId,
        'An admin cannot be removed by another admin from the space',
      );
      expect((await removeByEmail(kit.as.owner, spaceId, ['jonas.weber@acme.example'])).statusCode).toBe(200);
    });

    it('PERM-030 nobody is removed while the subscription is offline or support-given', async () => {
      for (const paymentSource of ['OFFLINE', 'SUPPORT'] as const) {
        const spaceId = await kit.makeSpace({ seats: 5, paymentSource });
        await expectRefused(
          () => removeByEmail(kit.as.owner, spaceId, ['member@acme.example']),
          spaceId,
          REMOVAL_TEXTS.managedSubscription,
        );
      }
    });

    it('MEM-070 MEM-071 an empty list is refused with the spec text; a non-member refuses the whole call', async () => {
      const spaceId = await kit.makeSpace({ seats: 5 });
      const before = await kit.rowsOf(spaceId);
      const empty = await removeByEmail(kit.as.owner, spaceId, []);
      expect(empty.statusCode).toBe(400);
      expect(errorOf(empty).message).toContain('user emails are required');
      const stranger = await removeByEmail(kit.as.owner, spaceId, [
        'member@acme.example',
        'jonas.weber@acme.example',
      ]);
      expect(stranger.statusCode).toBe(404);
      expect(errorOf(stranger).message).toBe('jonas.weber@acme.example is not a member of this space.');
      expect(await kit.rowsOf(spaceId)).toEqual(before);
    });

    it('RELIABILITY a removed member loses access on their next call; a DISABLED one is refused', async () => {
      const spaceId = await kit.makeSpace({ seats: 5 });
      expect((await kit.call(kit.as.member, 'GET', api(spaceId, '/members'))).statusCode).toBe(200);
      await removeByEmail(kit.as.owner, spaceId, ['member@acme.example']);
      const gone = await kit.call(kit.as.member, 'GET', api(spaceId, '/members'));
      expect(gone.statusCode).toBe(404);

      expect((await kit.call(kit.as.admin, 'GET', api(spaceId, '/members'))).statusCode).toBe(200);
      await t.database.db
        .update(memberships)
        .set({ status: 'DISABLED' })
        .where(and(eq(memberships.workspaceId, spaceId), eq(memberships.userId, kit.ids.admin)));
      const disabled = await kit.call(kit.as.admin, 'GET', api(spaceId, '/members'));
      expect(disabled.statusCode).toBe(403);
      expect(errorOf(disabled).code).toBe('member_disabled');
      const removeAttempt = await removeByEmail(kit.as.admin, spaceId, ['owner@acme.example']);
      expect(removeAttempt.statusCode).toBe(403);
    });

    describe('legacy spaces (API-013, API-067, MEM-069, PERM-031)', () => {
      const legacySpace = () =>
        kit.makeSpace({
          plan: 'LEGACY',
          legacyType: 'TEAM',
          members: [
            { who: 'owner', role: 'OWNER' },
            { who: 'admin', role: 'ADMIN' },
            { who: 'member' },
            { who: 'liam', userPlan: 'FREE' },
          ],
        });

      it('MEM-069 PERM-031 API-067 paid users are not removed directly; a free user is, by user id', async () => {
        const spaceId = await legacySpace();
        await expectRefusedLegacy(spaceId);
        const res = await kit.call(kit.as.admin, 'DELETE', api(spaceId, '/members'), {
          userIds: [kit.ids.liam],
        });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ removed: 1 });
        expect((await kit.rowsOf(spaceId)).map((row) => row.email)).not.toContain('free.member@acme.example');
      });

      async function expectRefusedLegacy(spaceId: string) {
        const before = await kit.rowsOf(spaceId);
        const res = await kit.call(kit.as.owner, 'DELETE', api(spaceId, '/members'), {
          userIds: [kit.ids.liam, kit.ids.member],
        });
        expect(res.statusCode).toBe(403);
        expect(errorOf(res).message).toBe(
          'To remove paid users, you must downgrade them to free and then remove them during the next billing cycle.',
        );
        expect(await kit.rowsOf(spaceId)).toEqual(before);
      }
    });
  });

  describe('legacy add (API-020, MEM-057, MEM-058)', () => {
    it('API-020 MEM-057 MEM-058 adds within the plan user limit, with the spec texts beyond it', async () => {
      const spaceId = await kit.makeSpace({
        plan: 'LEGACY',
        legacyType: 'TEAM',
        proAllowedUserCount: 4,
        members: [{ who: 'owner', role: 'OWNER' }, { who: 'admin', role: 'ADMIN' }, { who: 'member' }],
      });
      const add = (userEmails: string[], onlyCheck = false) =>
        kit.call(
          kit.as.admin,
          'POST',
          api(spaceId, `/members${onlyCheck ? '?onlyCheckValidity=true' : ''}`),
          {
            userEmails,
          },
        );
      const over = await add(['first.new@acme.example', 'second.new@acme.example']);
      expect(over.json()).toEqual({
        items: [
          { userId: null, email: 'first.new@acme.example', errorMsg: null },
          {
            userId: null,
            email: 'second.new@acme.example',
            errorMsg: 'You cannot go over your current plan user limit (4).',
          },
        ],
      });
      expect(await kit.rowsOf(spaceId)).toHaveLength(3);
      const ok = await add(['first.new@acme.example']);
      const [item] = (ok.json() as { items: { userId: string | null; errorMsg: string | null }[] }).items;
      expect(item!.errorMsg).toBeNull();
      expect(item!.userId).toMatch(/^[0-9a-f-]{36}$/);
      expect((await kit.rowsOf(spaceId)).find((row) => row.email === 'first.new@acme.example')).toMatchObject(
        {
          status: 'PENDING',
          userPlan: 'PRO',
          isPaid: true,
        },
      );
      const full = await add(['second.new@acme.example'], true);
      expect((full.json() as { items: { errorMsg: string }[] }).items[0]!.errorMsg).toBe(
        'Your current plan does not allow you to add other users.',
      );
    });
  });

  it('SEAT a legacy space keeps its own seat count: a legacy add within the plan limit leaves the seat plan as it was', async () => {
    const spaceId = await kit.makeSpace({ plan: 'LEGACY', legacyType: 'TEAM', seats: 3 });
    expect(await kit.seatsOf(spaceId)).toEqual({ assigned: 3, total: 3 });
    const res = await kit.call(kit.as.owner, 'POST', api(spaceId, '/members'), {
      userEmails: ['extra@acme.example'],
    });
    expect(res.statusCode).toBe(200);
    expect((await kit.rowsOf(spaceId)).map((row) => row.email)).toContain('extra@acme.example');
    expect(await kit.seatsOf(spaceId)).toEqual({ assigned: 3, total: 3 });
  });

  describe('roles (API-014, API-066, MEM-037 MEM-038 MEM-039 MEM-040 MEM-041)', () => {
    const changeRole = (
      caller: Caller,
      spaceId: string,
      memberRoles: { userId: string; userRole: string }[],
    ) => kit.call(caller, 'PUT', api(spaceId, '/members/change-role'), { memberRoles });

    it('API-014 API-066 MEM-037 MEM-039 the owner makes a member an admin; roles already matching are left', async () => {
      const spaceId = await kit.makeSpace({ seats: 5 });
      const res = await changeRole(kit.as.owner, spaceId, [
        { userId: kit.ids.member, userRole: 'ADMIN' },
        { userId: kit.ids.admin, userRole: 'ADMIN' },
      ]);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ changed: 1 });
      expect((await kit.rowsOf(spaceId)).find((row) => row.email === 'member@acme.example')?.role).toBe(
        'ADMIN',
      );
      const back = await changeRole(kit.as.owner, spaceId, [{ userId: kit.ids.member, userRole: 'MEMBER' }]);
      expect(back.json()).toEqual({ changed: 1 });
    });

    it('MEM-037 a change that changes nothing is refused and writes nothing', async () => {
      const spaceId = await kit.makeSpace({ seats: 5 });
      const before = await kit.rowsOf(spaceId);
      const res = await changeRole(kit.as.owner, spaceId, [{ userId: kit.ids.admin, userRole: 'ADMIN' }]);
      expect(res.statusCode).toBe(409);
      expect(errorOf(res)).toEqual({ code: 'nothing_to_change', message: MEMBER_TEXTS.sameRoles });
      expect(await kit.rowsOf(spaceId)).toEqual(before);
    });

    it("MEM-038 PERM-023 the owner's role never changes, and nothing else in that request does", async () => {
      const spaceId = await kit.makeSpace({ seats: 5 });
      const before = await kit.rowsOf(spaceId);
      const res = await changeRole(kit.as.owner, spaceId, [
        { userId: kit.ids.member, userRole: 'ADMIN' },
        { userId: kit.ids.owner, userRole: 'MEMBER' },
      ]);
      expect(res.statusCode).toBe(403);
      expect(errorOf(res)).toEqual({
        code: 'role_change_refused',
        message: "The owner's role cannot be changed.",
      });
      expect(await kit.rowsOf(spaceId)).toEqual(before);
    });

    it('MEM-039 MEM-040 OWNER is not a choice; without params or for a non-member nothing changes', async () => {
      const spaceId = await kit.makeSpace({ seats: 5 });
      const before = await kit.rowsOf(spaceId);
      const owner = await changeRole(kit.as.owner, spaceId, [{ userId: kit.ids.member, userRole: 'OWNER' }]);
      expect(owner.statusCode).toBe(400);
      const empty = await kit.call(kit.as.owner, 'PUT', api(spaceId, '/members/change-role'), {});
      expect(empty.statusCode).toBe(400);
      const none = await changeRole(kit.as.owner, spaceId, []);
      expect(errorOf(none).message).toContain('memberRoles are required');
      const stranger = await changeRole(kit.as.owner, spaceId, [
        { userId: kit.ids.jonas, userRole: 'ADMIN' },
      ]);
      expect(stranger.statusCode).toBe(404);
      expect(await kit.rowsOf(spaceId)).toEqual(before);
    });

    it('MEM-040 MEM-041 without a valid space id neither a role change nor an owner change happens', async () => {
      const spaceId = await kit.makeSpace({ seats: 5 });
      const before = await kit.rowsOf(spaceId);
      const role = await changeRole(kit.as.owner, 'not-a-space', [
        { userId: kit.ids.member, userRole: 'ADMIN' },
      ]);
      expect(role.statusCode).toBe(404);
      const owner = await kit.call(kit.as.owner, 'PUT', api('not-a-space', '/owner'), {
        userId: kit.ids.member,
      });
      expect(owner.statusCode).toBe(404);
      expect(await kit.rowsOf(spaceId)).toEqual(before);
    });

    it('PERM-023 C5 an admin cannot change roles', async () => {
      const spaceId = await kit.makeSpace({ seats: 5 });
      const res = await changeRole(kit.as.admin, spaceId, [{ userId: kit.ids.member, userRole: 'ADMIN' }]);
      expect(res.statusCode).toBe(403);
      expect(errorOf(res).message).toBe('Only the owner can do this');
    });
  });

  describe('activation (API-015, MEM-029, MEM-064)', () => {
    const activate = (caller: Caller, spaceId: string, userIds: string[]) =>
      kit.call(caller, 'PUT', api(spaceId, '/members/activate'), { userIds });

    it('API-015 API-067 MEM-029 a DISABLED member becomes ACTIVE and can call again', async () => {
      const spaceId = await kit.makeSpace({
        seats: 5,
        members: [
          { who: 'owner', role: 'OWNER' },
          { who: 'admin', role: 'ADMIN' },
          { who: 'member', status: 'DISABLED' },
        ],
      });
      expect((await kit.call(kit.as.member, 'GET', api(spaceId, '/members'))).statusCode).toBe(403);
      const res = await activate(kit.as.admin, spaceId, [kit.ids.member]);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ activated: 1 });
      expect((await kit.rowsOf(spaceId)).find((row) => row.email === 'member@acme.example')?.status).toBe(
        'ACTIVE',
      );
      expect((await kit.call(kit.as.member, 'GET', api(spaceId, '/members'))).statusCode).toBe(200);
    });

    it('MEM-029 only DISABLED members are activated; a selection with an active one changes nothing', async () => {
      const spaceId = await kit.makeSpace({
        seats: 5,
        members: [{ who: 'owner', role: 'OWNER' }, { who: 'member', status: 'DISABLED' }, { who: 'jonas' }],
      });
      const before = await kit.rowsOf(spaceId);
      const res = await activate(kit.as.owner, spaceId, [kit.ids.member, kit.ids.jonas]);
      expect(res.statusCode).toBe(409);
      expect(errorOf(res).message).toBe(MEMBER_TEXTS.notDisabled);
      expect(await kit.rowsOf(spaceId)).toEqual(before);
    });

    it('MEM-062 MEM-064 someone from another domain is not re-activated on a single-domain plan', async () => {
      const spaceId = await kit.makeSpace({
        seats: 5,
        members: [
          { who: 'owner', role: 'OWNER' },
          { who: 'pat', userPlan: 'FREE', status: 'DISABLED' },
        ],
      });
      const res = await activate(kit.as.owner, spaceId, [kit.ids.pat]);
      expect(res.statusCode).toBe(409);
      expect(errorOf(res)).toEqual({
        code: 'domain_not_allowed',
        message:
          'Your current plan only allows user from domain acme.example. Upgrade your space to re-activate them.',
      });
    });

    it('MEM-063 MEM-064 a FREE space does not re-activate beyond its free-user count', async () => {
      const spaceId = await kit.makeSpace({
        plan: 'FREE',
        members: [
          { who: 'owner', role: 'OWNER' },
          { who: 'member', status: 'DISABLED' },
        ],
      });
      const before = await kit.rowsOf(spaceId);
      const res = await activate(kit.as.owner, spaceId, [kit.ids.member]);
      expect(res.statusCode).toBe(409);
      expect(errorOf(res)).toEqual({
        code: 'user_limit_reached',
        message: 'Your current plan does not allow more than 1 free user(s).',
      });
      expect(await kit.rowsOf(spaceId)).toEqual(before);
    });
  });

  describe('promote validity (API-016, MEM-036, MEM-060, MEM-076)', () => {
    it('API-016 MEM-036 MEM-076 names unpaid members paid elsewhere with already_paid_user, under MULTIPLE_PAYMENT only', async () => {
      const spaceId = await kit.makeSpace({
        seats: 5,
        members: [
          { who: 'owner', role: 'OWNER' },
          { who: 'member', userPlan: 'FREE' },
          { who: 'liam', userPlan: 'FREE' },
        ],
      });
      const url = api(spaceId, '/members/promote-validity');
      expect((await kit.call(kit.as.owner, 'GET', url)).json()).toEqual({ items: [] });
      await withSinglePayment('owner', async () => {
        const res = await kit.call(kit.as.owner, 'GET', url);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ items: [{ userId: kit.ids.member, errorCode: 'already_paid_user' }] });
      });
    });
  });

  describe('seat summary (API-026)', () => {
    const summary = (caller: Caller, spaceId: string, query = '') =>
      kit.call(caller, 'GET', `/api/workspace-billing/workspaces/${spaceId}/subscriptions/v2${query}`);

    it('API-026 SEAT answers total, assigned and available seats with a pending scheduled removal; not to MEMBER', async () => {
      const spaceId = await kit.makeSpace({ seats: 6 });
      await addUsers(kit.as.owner, spaceId, ['seat.taker@acme.example']);
      const res = await summary(kit.as.admin, spaceId);
      expect(res.statusCode).toBe(200);
      const [item] = (res.json() as { items: unknown[] }).items.map((raw) => seatSummarySchema.parse(raw));
      expect(item).toMatchObject({
        subscriptionStatus: 'ACTIVE',
        paymentSource: 'STRIPE',
        totalSeats: 6,
        assignedSeats: 4,
        availableSeats: 2,
        scheduledRemoval: null,
      });
      const [plan] = await t.database.db
        .select({ paymentPlanId: subscriptionPaymentPlans.paymentPlanId })
        .from(subscriptionPaymentPlans)
        .where(eq(subscriptionPaymentPlans.subscriptionId, item!.subscriptionId));
      const removeAt = new Date(Date.now() + 30 * 86_400_000);
      await t.database.db.insert(scheduledSeatRemovals).values({
        subscriptionId: item!.subscriptionId,
        paymentPlanId: plan!.paymentPlanId,
        targetSeatsQuantity: 4,
        removeAt,
      });
      const withRemoval = (await summary(kit.as.owner, spaceId)).json() as {
        items: { scheduledRemoval: unknown }[];
      };
      expect(withRemoval.items[0]!.scheduledRemoval).toEqual({
        targetSeatsQuantity: 4,
        removeSeatsAtTimestamp: removeAt.getTime(),
      });
      expect(
        ((await summary(kit.as.owner, spaceId, '?status=CANCELED')).json() as { items: unknown[] }).items,
      ).toEqual([]);
      const member = await summary(kit.as.member, spaceId);
      expect(member.statusCode).toBe(403);
    });

    it('SEAT the demo Acme Sales seats match its paid members', async () => {
      const [acme] = await t.database.db
        .select({ id: workspaces.id })
        .from(workspaces)
        .where(eq(workspaces.name, 'Acme Sales'));
      const paid = await t.database.db
        .select({ userId: memberships.userId })
        .from(memberships)
        .where(and(eq(memberships.workspaceId, acme!.id), eq(memberships.isPaid, true)));
      const res = await summary(kit.as.owner, acme!.id);
      expect((res.json() as { items: { assignedSeats: number }[] }).items[0]!.assignedSeats).toBe(
        paid.length,
      );
    });
  });

  it('RELIABILITY no member call answers 5xx to random bodies from a manager', async () => {
    const spaceId = await kit.makeSpace({ seats: 50 });
    const bodies: unknown[] = [
      {},
      [],
      null,
      'text',
      { userEmails: ['a@acme.example', 'A@ACME.EXAMPLE', ''] },
      { userEmails: ['x'.repeat(400) + '@acme.example'] },
      { userIds: ['00000000-0000-4000-8000-000000000000'] },
      { userIds: [kit.ids.member, kit.ids.member] },
      {
        memberRoles: [
          { userId: kit.ids.member, userRole: 'ADMIN' },
          { userId: kit.ids.member, userRole: 'MEMBER' },
        ],
      },
      { invitedUserEmails: ['a@acme.example', 'a@acme.example'] },
      { emails: ['💥@acme.example'] },
      { userEmails: Array.from({ length: 101 }, (_, i) => `p${i}@acme.example`) },
    ];
    const calls: [string, string][] = [
      ['POST', '/users/v1'],
      ['POST', '/users/v1?onlyCheckValidity=true'],
      ['PATCH', '/users/v1'],
      ['POST', '/members'],
      ['DELETE', '/members'],
      ['PUT', '/members/change-role'],
      ['PUT', '/members/activate'],
      ['POST', '/invitations'],
      ['POST', '/legacy-invitations'],
      ['PUT', '/invitations/resend'],
      ['DELETE', '/invitations'],
    ];
    for (const [method, path] of calls) {
      for (const body of bodies) {
        const res = await t.app.inject({
          method: method as 'POST',
          url: api(spaceId, path),
          headers: { ...kit.as.owner.headers, 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
        expect(res.statusCode, `${method} ${path} ${JSON.stringify(body).slice(0, 80)}`).toBeLessThan(500);
      }
    }
  });
});
