import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getSheetRecipients, type ContractResponse } from '@mergeboard/core';
import { contractQueryOptions } from '../../../lib/api-query';

export type SheetRecipients = ContractResponse<typeof getSheetRecipients>;

export interface SheetRef {
  workspaceId: string;
  spreadsheetId: string;
  sheetId: string;
}

/** The columns analysed: the addresses, and the Cc and Bcc columns when chosen. */
interface RecipientColumns {
  emailColumn: string | null;
  ccColumn: string | null;
  bccColumn: string | null;
}

const given = (key: keyof RecipientColumns, value: string | null) => (value ? { [key]: value } : {});

/**
 * GET …/sheets/:sheetId/recipients?emailColumn=…&ccColumn=…&bccColumn=…: preview, counts and
 * skipped rows and copies of a sheet.
 */
export function useSheetRecipients(sheet: SheetRef | null, columns: RecipientColumns) {
  return useQuery({
    ...contractQueryOptions(getSheetRecipients, {
      params: {
        id: sheet?.workspaceId ?? '',
        spreadsheetId: sheet?.spreadsheetId ?? '',
        sheetId: sheet?.sheetId ?? '',
      },
      query: {
        ...given('emailColumn', columns.emailColumn),
        ...given('ccColumn', columns.ccColumn),
        ...given('bccColumn', columns.bccColumn),
      },
    }),
    enabled: sheet !== null,
    // Changing a column keeps the last counts on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}
