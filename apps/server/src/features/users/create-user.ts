import { eq } from 'drizzle-orm';
import { emailDomain, isPersonalEmail, personalSpaceName, slugify } from '@mergeboard/core';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { auditEvents, identities, memberships, rolloutStatus, users, workspaces } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { RequestAuth } from '../../access/authenticate';

/** Everything is rolled out to accounts created here (rollout step 9: no restriction). */
export const NEW_ACCOUNT_ROLLOUT_STEP = 9;

/**
 * API-005: the account of the signed-in identity, with its own FREE space where it is OWNER and
 * which it sends from. One transaction; the address is the one the provider vouched for.
 */
export async function createAccount(
  db: Db,
  auth: RequestAuth,
  request: { userEmail: string; userName?: string | undefined },
): Promise<string> {
  const email = request.userEmail.toLowerCase();
  if (email !== auth.identity.email) {
    throw new AppError('email_mismatch', `userEmail must be the signed-in address (${auth.identity.email})`, {
      fields: { 'body.userEmail': 'Must be the address you signed in with' },
    });
  }
  if (auth.user) throw new AppError('user_already_exists', 'This sign-in already has an account');
  const name = request.userName ?? auth.identity.name ?? email.split('@')[0]!;
  const personal = isPersonalEmail(email);

  try {
    return await insertAccount(db, auth, { email, name, personal });
  } catch (error) {
    // Two sign-ins creating the same account at once: the loser is told, nothing is half written.
    if (isUniqueViolation(error))
      throw new AppError('user_already_exists', 'An account with this address already exists');
    throw error;
  }
}

function insertAccount(
  db: Db,
  auth: RequestAuth,
  { email, name, personal }: { email: string; name: string; personal: boolean },
) {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    if (existing) throw new AppError('user_already_exists', 'An account with this address already exists');
    const [user] = await tx
      .insert(users)
      .values({
        email,
        name,
        profilePictureUrl: auth.identity.pictureUrl,
        isPersonal: personal,
        domain: personal ? null : emailDomain(email),
        createSource: 'WEBAPP',
      })
      .returning({ id: users.id });
    const spaceName = personalSpaceName(name);
    const [space] = await tx
      .insert(workspaces)
      .values({ name: spaceName, slug: slugify(spaceName), plan: 'FREE' })
      .returning({ id: workspaces.id });
    await tx
      .insert(memberships)
      .values({ workspaceId: space!.id, userId: user!.id, role: 'OWNER', userPlan: 'FREE' });
    await tx.update(users).set({ addonWorkspaceId: space!.id }).where(eq(users.id, user!.id));
    await tx.update(identities).set({ userId: user!.id }).where(eq(identities.id, auth.identity.id));
    await tx.insert(rolloutStatus).values({ userId: user!.id, lastActivatedStep: NEW_ACCOUNT_ROLLOUT_STEP });
    await tx.insert(auditEvents).values({
      workspaceId: space!.id,
      actorUserId: user!.id,
      action: 'user.created',
      targetType: 'user',
      targetId: user!.id,
      data: { createSource: 'WEBAPP' },
    });
    return user!.id;
  });
}
