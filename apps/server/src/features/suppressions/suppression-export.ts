import type { CsvColumn } from '../../lib/csv-export';
import type { SuppressionListKind, SuppressionRow } from './suppression-queries';

type ExportRow = Pick<SuppressionRow, 'email' | 'type' | 'updatedAt'>;

/** A list's columns: address, time (named after the list), type. */
const columnsWith = (timeHeader: string): CsvColumn<ExportRow>[] => [
  { header: 'email', value: (row) => row.email },
  { header: timeHeader, value: (row) => row.updatedAt },
  { header: 'type', value: (row) => row.type },
];

/** The export's file name part and columns of each list (CONST-010). */
export const exportFiles: Record<SuppressionListKind, { what: string; columns: CsvColumn<ExportRow>[] }> = {
  unsubscriptions: { what: 'Unsubscriptions', columns: columnsWith('unsubscriptionTime') },
  bounces: { what: 'Bounces', columns: columnsWith('bounceTime') },
};
