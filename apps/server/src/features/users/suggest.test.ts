import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, users, workspaces } from '../../db/schema';
import { signedInAs } from '../../testing/sessions';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { seedDemo } from '../../embedded/demo';

/** API-006: people to pick in the member modals, never a directory of every user. */
describe('user suggestions (GET /users/suggest)', () => {
  let t: TestApp;

  const suggest = async (caller: { headers: { authorization: string } }, search: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v2/users/suggest?search=${encodeURIComponent(search)}`,
      headers: caller.headers,
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as { items: { userEmail: string }[] }).items.map((item) => item.userEmail);
  };

  async function addUser(email: string, domain: string | null) {
    const [row] = await t.database.db
      .insert(users)
      .values({ email, name: email.split('@')[0]!, domain, isPersonal: domain === null })
      .returning({ id: users.id });
    return row!.id;
  }

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo({ db: t.database.db });
  });
  afterAll(() => t.close());

  it('API-006 suggests colleagues of the company domain and people of joined spaces, by address or name', async () => {
    const owner = await signedInAs(t, 'owner@acme.example');
    await addUser('colleague.unseen@acme.example', 'acme.example');
    await addUser('stranger@elsewhere.example', 'elsewhere.example');
    expect(await suggest(owner, 'colleague')).toEqual(['colleague.unseen@acme.example']);
    expect(await suggest(owner, 'Sofia')).toEqual(['member@acme.example']);
    expect(await suggest(owner, 'stranger')).toEqual([]);
    expect(await suggest(owner, 'example')).not.toContain('stranger@elsewhere.example');
  });

  it('API-006 a personal mail domain is no shared company: a Gmail user sees only people of their spaces', async () => {
    await addUser('other.gmail.person@gmail.com', null);
    // Even a row that names gmail.com as its domain is no colleague of another Gmail user.
    await addUser('gmail.domain.row@gmail.com', 'gmail.com');
    await t.database.db.update(users).set({ domain: 'gmail.com' }).where(eq(users.email, 'pat@gmail.com'));
    const pat = await signedInAs(t, 'pat@gmail.com');
    expect(await suggest(pat, 'gmail')).toEqual([]);
  });

  it('API-006 spaces one is only invited to, or DISABLED in, reveal nobody', async () => {
    const outsiderId = await addUser('outsider@outside.example', 'outside.example');
    const outsider = await signedInAs(t, 'outsider@outside.example');
    const [acme] = await t.database.db.select().from(workspaces).where(eq(workspaces.name, 'Acme Sales'));
    await t.database.db.insert(memberships).values({
      workspaceId: acme!.id,
      userId: outsiderId,
      status: 'PENDING',
      seatType: 'PENDING_YAMM_USER',
    });
    expect(await suggest(outsider, 'acme')).toEqual([]);
    await t.database.db
      .update(memberships)
      .set({ status: 'DISABLED' })
      .where(eq(memberships.userId, outsiderId));
    expect(await suggest(outsider, 'acme')).toEqual([]);
    await t.database.db
      .update(memberships)
      .set({ status: 'ACTIVE' })
      .where(eq(memberships.userId, outsiderId));
    expect(await suggest(outsider, 'owner@acme')).toEqual(['owner@acme.example']);
  });
});
