import { accountTypeOf, initialsOf, isGmailUser, isPersonalDomain, type CurrentUser } from '@mergeboard/core';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../http/app-error';
import type { RegisteredAuth, RequestAuth } from '../../access/authenticate';
import {
  findOwnedLicense,
  findRollout,
  findUserIdByEmail,
  insertAccount,
  isInviteeOnly,
  sentMailCounters,
  suggestPeople,
  userWorkspaceRows,
} from './user-queries';
import { toUserWorkspace } from './user-rows';

/** Everything is rolled out to accounts created here (rollout step 9: no restriction). */
const NEW_ACCOUNT_ROLLOUT_STEP = 9;

/**
 * API-005: the account of the signed-in identity, with its own FREE space where it is OWNER and
 * which it sends from. One transaction; the address is the one the provider vouched for.
 */
export async function createAccount(
  db: Db,
  options: { auth: RequestAuth; userEmail: string; userName?: string | undefined },
): Promise<string> {
  const { auth } = options;
  const email = options.userEmail.toLowerCase();
  if (email !== auth.identity.email) {
    throw new AppError('email_mismatch', `userEmail must be the signed-in address (${auth.identity.email})`, {
      fields: { 'body.userEmail': 'Must be the address you signed in with' },
    });
  }
  if (auth.user) throw new AppError('user_already_exists', 'This sign-in already has an account');
  const name = options.userName ?? auth.identity.name ?? email.split('@')[0]!;
  // The account type (AUTH-047) is the Gmail-user flag the permission rules use (isGmailUser).
  const personal = isGmailUser(email);

  try {
    return await db.transaction(async (tx) => {
      // Someone added or invited before having an account keeps their pending places.
      const existing = await findUserIdByEmail(tx, email);
      if (existing && !(await isInviteeOnly(tx, existing))) {
        throw new AppError('user_already_exists', 'An account with this address already exists');
      }
      return insertAccount(tx, {
        email,
        name,
        personal,
        identity: auth.identity,
        rolloutStep: NEW_ACCOUNT_ROLLOUT_STEP,
        inviteeUserId: existing,
      });
    });
  } catch (error) {
    // Two sign-ins creating the same account at once: the loser is told, nothing is half written.
    if (isUniqueViolation(error))
      throw new AppError('user_already_exists', 'An account with this address already exists');
    throw error;
  }
}

const YEAR_MS = 366 * 24 * 60 * 60 * 1000;

/** AUTH-045 AUTH-046 AUTH-047 AUTH-048: the signed-in user as the web app sees it. */
export async function loadCurrentUser(
  db: Db,
  options: { auth: RegisteredAuth; includeWorkspaces: boolean },
): Promise<CurrentUser> {
  const { user, identity } = options.auth;
  const [counters, rollout, license, workspaceRows] = await Promise.all([
    sentMailCounters(db, user.id, new Date(Date.now() - YEAR_MS)),
    findRollout(db, user.id),
    findOwnedLicense(db, user.id),
    options.includeWorkspaces ? userWorkspaceRows(db, user.id) : Promise.resolve(null),
  ]);
  // Profile fields missing on the account come from what the sign-in provider told us.
  const userName = user.name ?? identity.name ?? user.email.split('@')[0]!;
  return {
    userId: user.id,
    id: user.id,
    userEmail: user.email,
    userName,
    profilePictureUrl: user.profilePictureUrl ?? identity.pictureUrl,
    initials: initialsOf(userName),
    type: accountTypeOf(user.isPersonal),
    isPersonal: user.isPersonal,
    status: user.status,
    installationTimestamp: user.installationTimestamp?.getTime() ?? null,
    lastUpdateTimestamp: user.updatedAt.getTime(),
    domain: user.domain ? { domainName: user.domain } : null,
    addonWorkspaceId: user.addonWorkspaceId,
    freeUserQuota: user.freeUserQuota,
    isPerSeat: rollout?.isPerSeat ?? true,
    license: license ? { subscriptionId: license.id, paymentSource: license.paymentSource } : null,
    totalNumberOfMailsSent: { count: counters.total },
    monthlySentMails: counters.monthly.map(({ month, count }) => {
      const date = new Date(month);
      return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, count };
    }),
    ...(workspaceRows
      ? { userWorkspaces: workspaceRows.map((row) => toUserWorkspace(row, user.addonWorkspaceId)) }
      : {}),
  };
}

/** API-007: where the caller stands in the rollout; a person without an account gets the defaults. */
export async function readRolloutStatus(db: Db, options: { auth: RequestAuth }) {
  const { user } = options.auth;
  const rollout = user ? await findRollout(db, user.id) : null;
  return {
    isRegistered: Boolean(user),
    isEligible: rollout?.isEligible ?? true,
    isPerSeat: rollout?.isPerSeat ?? true,
    userV2: rollout?.userV2 ?? true,
    lastActivatedStep: rollout?.lastActivatedStep ?? 0,
  };
}

/** API-006: people the caller may pick (members of their spaces, colleagues of their domain) by address or name. */
export async function suggestUsers(
  db: Db,
  options: { user: { id: string; domain: string | null }; search: string; limit: number },
) {
  const { domain } = options.user;
  const rows = await suggestPeople(db, {
    userId: options.user.id,
    // A personal mail domain (gmail.com) is shared by strangers: it is no company.
    companyDomain: domain && !isPersonalDomain(domain) ? domain : null,
    search: options.search,
    limit: options.limit,
  });
  return {
    items: rows.map((row) => ({ userEmail: row.userEmail, userName: row.userName ?? row.userEmail })),
  };
}
