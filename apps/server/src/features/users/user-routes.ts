import {
  createUser,
  getCurrentUser,
  getRolloutStatus,
  suggestUsers as suggestContract,
} from '@mergeboard/core';
import { defineRoute } from '../../http/route';
import { findLiveSession } from '../../access/live-session';
import { requireRegistered } from '../../access/authenticate';
import { createAccount, loadCurrentUser, readRolloutStatus, suggestUsers } from './user-service';

export const userRoutes = [
  defineRoute({
    contract: getCurrentUser,
    // A DISABLED user still reads itself, to be shown the disabled page.
    access: { kind: 'signed-in' },
    handler: ({ query, auth, context }) =>
      loadCurrentUser(context.database.db, {
        auth: requireRegistered(auth),
        includeWorkspaces: query.includeWorkspaces ?? false,
      }),
  }),
  defineRoute({
    contract: createUser,
    access: { kind: 'signed-in' },
    handler: async ({ body, auth, context }) => {
      await createAccount(context.database.db, { auth, userEmail: body.userEmail, userName: body.userName });
      // Read the session again: its identity now has the account.
      const refreshed = await findLiveSession(context.database.db, auth.session.id);
      return loadCurrentUser(context.database.db, {
        auth: requireRegistered(refreshed),
        includeWorkspaces: true,
      });
    },
  }),
  defineRoute({
    contract: suggestContract,
    access: { kind: 'user' },
    handler: ({ query, user, context }) =>
      suggestUsers(context.database.db, { user, search: query.search, limit: query.limit ?? 10 }),
  }),
  defineRoute({
    contract: getRolloutStatus,
    access: { kind: 'signed-in' },
    handler: ({ auth, context }) => readRolloutStatus(context.database.db, { auth }),
  }),
];
