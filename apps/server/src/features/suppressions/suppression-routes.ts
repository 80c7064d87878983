import {
  EXPORT_MAX_ROWS,
  addBounces,
  addUnsubscriptions,
  deleteBounce,
  deleteUnsubscription,
  exportBounces,
  exportUnsubscriptions,
  listBounces,
  listUnsubscriptions,
  type SuppressionItem,
} from '@mergeboard/core';
import type { HandlerInput } from '../../http/route';
import { defineRoute } from '../../http/route';
import { streamCsv, type CsvColumn } from '../../lib/csv-export';
import {
  addSuppressions,
  deleteSuppression,
  listSuppressions,
  recordCsvExport,
  suppressionBatches,
  viewerOf,
  type SuppressionListKind,
} from './suppression-service';

/** Space members; the space comes from the path, or from the body for the add calls (001 §7). */
const fromParams = {
  kind: 'space',
  minRole: 'MEMBER',
  spaceFrom: { in: 'params', name: 'workspaceId' },
} as const;
const fromBody = {
  kind: 'space',
  minRole: 'MEMBER',
  spaceFrom: { in: 'body', name: 'workspaceId' },
} as const;

/** `space` routes run only for a member with an account (checked before the handler). */
const viewer = (kind: SuppressionListKind, input: Pick<HandlerInput<never>, 'auth' | 'space' | 'context'>) =>
  viewerOf(input.context.database.db, kind, { space: input.space!, user: input.auth!.user! });

type ExportRow = { email: string; type: SuppressionItem['type']; updatedAt: Date };
const exportColumns: Record<SuppressionListKind, CsvColumn<ExportRow>[]> = {
  unsubscriptions: [
    { header: 'email', value: (row) => row.email },
    { header: 'unsubscriptionTime', value: (row) => row.updatedAt },
    { header: 'type', value: (row) => row.type },
  ],
  bounces: [
    { header: 'email', value: (row) => row.email },
    { header: 'bounceTime', value: (row) => row.updatedAt },
    { header: 'type', value: (row) => row.type },
  ],
};

function exportHandler(kind: SuppressionListKind, what: string) {
  return async (input: HandlerInput<typeof exportUnsubscriptions | typeof exportBounces>) => {
    const db = input.context.database.db;
    const who = await viewer(kind, input);
    await recordCsvExport(db, kind, who);
    // The answer is a stream, piped to the client as it is produced (see streamCsv).
    return streamCsv(input.reply, {
      what,
      columns: exportColumns[kind],
      batches: suppressionBatches(db, kind, who, input.query, EXPORT_MAX_ROWS),
    }) as never as string;
  };
}

export const suppressionRoutes = [
  defineRoute({
    contract: listUnsubscriptions,
    access: fromParams,
    handler: async (input) =>
      listSuppressions(
        input.context.database.db,
        'unsubscriptions',
        await viewer('unsubscriptions', input),
        input.query,
      ),
  }),
  defineRoute({
    contract: addUnsubscriptions,
    access: fromBody,
    handler: async (input) =>
      addSuppressions(
        input.context.database.db,
        'unsubscriptions',
        await viewer('unsubscriptions', input),
        input.body.emailAddresses,
      ),
  }),
  defineRoute({
    contract: deleteUnsubscription,
    access: fromParams,
    handler: async (input) => {
      await deleteSuppression(
        input.context.database.db,
        'unsubscriptions',
        await viewer('unsubscriptions', input),
        input.params.emailAddress,
      );
      return { deleted: true } as const;
    },
  }),
  defineRoute({
    contract: exportUnsubscriptions,
    access: fromParams,
    handler: exportHandler('unsubscriptions', 'Unsubscriptions'),
  }),
  defineRoute({
    contract: listBounces,
    access: fromParams,
    handler: async (input) =>
      listSuppressions(input.context.database.db, 'bounces', await viewer('bounces', input), input.query),
  }),
  defineRoute({
    contract: addBounces,
    access: fromBody,
    handler: async (input) =>
      addSuppressions(
        input.context.database.db,
        'bounces',
        await viewer('bounces', input),
        input.body.emailAddresses,
      ),
  }),
  defineRoute({
    contract: deleteBounce,
    access: fromParams,
    handler: async (input) => {
      await deleteSuppression(
        input.context.database.db,
        'bounces',
        await viewer('bounces', input),
        input.params.emailAddress,
      );
      return { deleted: true } as const;
    },
  }),
  defineRoute({
    contract: exportBounces,
    access: fromParams,
    handler: exportHandler('bounces', 'Bounces'),
  }),
];
