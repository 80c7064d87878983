import {
  addBounces,
  addUnsubscriptions,
  deleteBounce,
  deleteUnsubscription,
  exportBounces,
  exportUnsubscriptions,
  listBounces,
  listUnsubscriptions,
  spaceAccess,
} from '@mergeboard/core';
import { defineRoute } from '../../http/route';
import { streamCopiedCsv, streamCsv } from '../../lib/csv-export';
import {
  addSuppressions,
  deleteSuppression,
  exportSuppressions,
  listSuppressions,
  type SuppressionListKind,
} from './suppression-service';

/**
 * Who may use a list: any member for unsubscriptions, the bounces page's audience for bounces
 * (PERM-015, ROUTE-013: showBouncesPage), its reads and its writes alike. The space comes from
 * the path, or from the body for the add calls (001 §7).
 */
const permissionOf = { unsubscriptions: 'canAccessWorkspace', bounces: 'showBouncesPage' } as const;
const accessOf = (kind: SuppressionListKind, from: 'params' | 'body') =>
  spaceAccess(permissionOf[kind], { in: from, name: 'workspaceId' });

/**
 * The four calls of one suppression list. Both lists follow the same rules; only their contracts
 * differ.
 */
function listRoutes(
  kind: SuppressionListKind,
  contracts: {
    list: typeof listUnsubscriptions | typeof listBounces;
    add: typeof addUnsubscriptions | typeof addBounces;
    remove: typeof deleteUnsubscription | typeof deleteBounce;
    exportCsv: typeof exportUnsubscriptions | typeof exportBounces;
  },
) {
  return [
    defineRoute({
      contract: contracts.list,
      access: accessOf(kind, 'params'),
      handler: ({ query, user, space, context }) =>
        listSuppressions(context.database.db, { kind, caller: { space, user }, params: query }),
    }),
    defineRoute({
      contract: contracts.add,
      access: accessOf(kind, 'body'),
      handler: ({ body, user, space, context }) =>
        addSuppressions(context.database.db, {
          kind,
          caller: { space, user },
          emailAddresses: body.emailAddresses,
        }),
    }),
    defineRoute({
      contract: contracts.remove,
      access: accessOf(kind, 'params'),
      handler: async ({ params, user, space, context }) => {
        await deleteSuppression(context.database.db, {
          kind,
          caller: { space, user },
          emailAddress: params.emailAddress,
        });
        return { deleted: true } as const;
      },
    }),
    defineRoute({
      contract: contracts.exportCsv,
      access: accessOf(kind, 'params'),
      handler: async ({ query, user, space, context, reply }) => {
        const file = await exportSuppressions(context.database, { kind, caller: { space, user }, query });
        // The answer is a stream, piped to the client as it is produced (see streamCsv).
        return (await ('rows' in file
          ? streamCopiedCsv(reply, file)
          : streamCsv(reply, file))) as never as string;
      },
    }),
  ];
}

export const suppressionRoutes = [
  ...listRoutes('unsubscriptions', {
    list: listUnsubscriptions,
    add: addUnsubscriptions,
    remove: deleteUnsubscription,
    exportCsv: exportUnsubscriptions,
  }),
  ...listRoutes('bounces', {
    list: listBounces,
    add: addBounces,
    remove: deleteBounce,
    exportCsv: exportBounces,
  }),
];
