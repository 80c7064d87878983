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
  spaceAccess,
  type SuppressionItem,
} from '@mergeboard/core';
import { defineRoute, type SpaceHandlerInput } from '../../http/route';
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

/**
 * Who may use a list: any member for unsubscriptions, the bounces page's audience for bounces
 * (PERM-015). The space comes from the path, or from the body for the add calls (001 §7).
 */
const permissionOf = { unsubscriptions: 'canAccessWorkspace', bounces: 'canAccessWorkspace' } as const;
const accessOf = (kind: SuppressionListKind, from: 'params' | 'body') =>
  spaceAccess(permissionOf[kind], { in: from, name: 'workspaceId' });

const viewer = (kind: SuppressionListKind, input: Pick<SpaceHandlerInput, 'user' | 'space'>) =>
  viewerOf(kind, { space: input.space, user: input.user });

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
  return async (input: SpaceHandlerInput<typeof exportUnsubscriptions | typeof exportBounces>) => {
    const { database } = input.context;
    const who = viewer(kind, input);
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
      return (await streamCopiedCsv(input.reply, {
        what,
        headers: columns.map((column) => column.header),
        rows,
      })) as never as string;
    }
    await recordCsvExport(database.db, kind, who);
    return (await streamCsv(input.reply, {
      what,
      columns,
      batches: suppressionBatches(database.db, kind, who, input.query, EXPORT_MAX_ROWS),
    })) as never as string;
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
      access: accessOf(kind, 'params'),
      handler: async (input) =>
        listSuppressions(input.context.database.db, kind, viewer(kind, input), input.query),
    }),
    defineRoute({
      contract: contracts.add,
      access: accessOf(kind, 'body'),
      handler: async (input) =>
        addSuppressions(input.context.database.db, kind, viewer(kind, input), input.body.emailAddresses),
    }),
    defineRoute({
      contract: contracts.remove,
      access: accessOf(kind, 'params'),
      handler: async (input) => {
        await deleteSuppression(
          input.context.database.db,
          kind,
          viewer(kind, input),
          input.params.emailAddress,
        );
        return { deleted: true } as const;
      },
    }),
    defineRoute({
      contract: contracts.exportCsv,
      access: accessOf(kind, 'params'),
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
