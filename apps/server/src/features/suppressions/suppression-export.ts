import type { CsvColumn } from '../../lib/csv-export';
import type { SuppressionListKind, SuppressionRow } from './suppression-queries';

/** The export's file name part and columns of each list (CONST-010): address, time, type. */
export const exportFiles: Record<
  SuppressionListKind,
  { what: string; columns: CsvColumn<Pick<SuppressionRow, 'email' | 'type' | 'updatedAt'>>[] }
> = {
  unsubscriptions: {
    what: 'Unsubscriptions',
    columns: [
      { header: 'email', value: (row) => row.email },
      { header: 'unsubscriptionTime', value: (row) => row.updatedAt },
      { header: 'type', value: (row) => row.type },
    ],
  },
  bounces: {
    what: 'Bounces',
    columns: [
      { header: 'email', value: (row) => row.email },
      { header: 'bounceTime', value: (row) => row.updatedAt },
      { header: 'type', value: (row) => row.type },
    ],
  },
};
