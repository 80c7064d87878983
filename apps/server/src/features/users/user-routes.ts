import { createUser, getCurrentUser, getRolloutStatus, suggestUsers } from '@mergeboard/core';
import { AppError } from '../../http/app-error';
import { defineRoute } from '../../http/route';
import { findLiveSession } from '../../access/live-session';
import type { RequestAuth } from '../../access/authenticate';
import { createAccount } from './create-user';
import { loadCurrentUser } from './current-user';
import { findRollout, suggestPeople } from './user-queries';

function withAccount(auth: RequestAuth | null) {
  if (!auth?.user) throw new AppError('user_not_found', 'This sign-in has no account yet');
  return auth as RequestAuth & { user: NonNullable<RequestAuth['user']> };
}

export const userRoutes = [
  defineRoute({
    contract: getCurrentUser,
    // A DISABLED user still reads itself, to be shown the disabled page.
    access: { kind: 'signed-in' },
    handler: ({ query, auth, context }) =>
      loadCurrentUser(context.database.db, withAccount(auth), {
        includeWorkspaces: query.includeWorkspaces ?? false,
      }),
  }),
  defineRoute({
    contract: createUser,
    access: { kind: 'signed-in' },
    handler: async ({ body, auth, context }) => {
      await createAccount(context.database.db, auth, body);
      // Read the session again: its identity now has the account.
      const refreshed = await findLiveSession(context.database.db, auth.session.id);
      return loadCurrentUser(context.database.db, withAccount(refreshed), { includeWorkspaces: true });
    },
  }),
  defineRoute({
    contract: suggestUsers,
    access: { kind: 'user' },
    handler: async ({ query, user, context }) => {
      const rows = await suggestPeople(context.database.db, {
        userId: user.id,
        domain: user.domain,
        search: query.search,
        limit: query.limit ?? 10,
      });
      return {
        items: rows.map((row) => ({ userEmail: row.userEmail, userName: row.userName ?? row.userEmail })),
      };
    },
  }),
  defineRoute({
    contract: getRolloutStatus,
    access: { kind: 'signed-in' },
    handler: async ({ auth, context }) => {
      const rollout = auth.user ? await findRollout(context.database.db, auth.user.id) : null;
      return {
        isRegistered: Boolean(auth.user),
        isEligible: rollout?.isEligible ?? true,
        isPerSeat: rollout?.isPerSeat ?? true,
        userV2: rollout?.userV2 ?? true,
        lastActivatedStep: rollout?.lastActivatedStep ?? 0,
      };
    },
  }),
];
