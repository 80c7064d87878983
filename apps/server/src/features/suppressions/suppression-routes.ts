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
import { streamCopiedCsv, streamCsv, type CsvColumn } from '../../lib/csv-export';
import {
  addSuppressions,
  deleteSuppression,
  listSuppressions,
  recordCsvExport,
  suppressionBatches,
  suppressionCopyQuery,
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
    const { database } = input.context;
    const who = await viewer(kind, input);
    const columns = exportColumns[kind];
    // The answer is a stream, piped to the client as it is produced (see streamCsv).
    if (database.copyCsv) {
      // COPY starts on its own connection while the event is written.
      const rows = database.copyCsv(
        suppressionCopyQuery(database.db, kind, who, input.query, EXPORT_MAX_ROWS),
      );
      await recordCsvExport(database.db, kind, who).catch((error: unknown) => {
        rows.destroy();
        throw error;
      });
      return streamCopiedCsv(input.reply, {
        what,
        headers: columns.map((column) => column.header),
        rows,
      }) as never as string;
    }
    await recordCsvExport(database.db, kind, who);
    return streamCsv(input.reply, {
      what,
      columns,
      batches: suppressionBatches(database.db, kind, who, input.query, EXPORT_MAX_ROWS),
    }) as never as string;
  };
}

/**
 * The four calls of one suppression list. Both lists follow the same rules; only their contracts,
 * the export's title and the names of their columns differ.
 */
function listRoutes(
  kind: SuppressionListKind,
  contracts: {
    list: typeof listUnsubscriptions | typeof listBounces;
    add: typeof addUnsubscriptions | typeof addBounces;
    remove: typeof deleteUnsubscription | typeof deleteBounce;
    exportCsv: typeof exportUnsubscriptions | typeof exportBounces;
  },
  exportTitle: string,
) {
  return [
    defineRoute({
      contract: contracts.list,
      access: fromParams,
      handler: async (input) =>
        listSuppressions(input.context.database.db, kind, await viewer(kind, input), input.query),
    }),
    defineRoute({
      contract: contracts.add,
      access: fromBody,
      handler: async (input) =>
        addSuppressions(
          input.context.database.db,
          kind,
          await viewer(kind, input),
          input.body.emailAddresses,
        ),
    }),
    defineRoute({
      contract: contracts.remove,
      access: fromParams,
      handler: async (input) => {
        await deleteSuppression(
          input.context.database.db,
          kind,
          await viewer(kind, input),
          input.params.emailAddress,
        );
        return { deleted: true } as const;
      },
    }),
    defineRoute({
      contract: contracts.exportCsv,
      access: fromParams,
      handler: exportHandler(kind, exportTitle),
    }),
  ];
}

export const suppressionRoutes = [
  ...listRoutes(
    'unsubscriptions',
    {
      list: listUnsubscriptions,
      add: addUnsubscriptions,
      remove: deleteUnsubscription,
      exportCsv: exportUnsubscriptions,
    },
    'Unsubscriptions',
  ),
  ...listRoutes(
    'bounces',
    { list: listBounces, add: addBounces, remove: deleteBounce, exportCsv: exportBounces },
    'Bounces',
  ),
];
