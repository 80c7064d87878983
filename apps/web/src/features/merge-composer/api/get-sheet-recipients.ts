import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getSheetRecipients, type ContractResponse } from '@mergeboard/core';
import { contractQueryOptions } from '../../../lib/api-query';

export type SheetRecipients = ContractResponse<typeof getSheetRecipients>;

export interface SheetRef {
  workspaceId: string;
  spreadsheetId: string;
  sheetId: string;
}

/** GET …/sheets/:sheetId/recipients?emailColumn=…: preview, counts and skipped rows of a sheet. */
export function useSheetRecipients(sheet: SheetRef | null, emailColumn: string | null) {
  return useQuery({
    ...contractQueryOptions(getSheetRecipients, {
      params: {
        id: sheet?.workspaceId ?? '',
        spreadsheetId: sheet?.spreadsheetId ?? '',
        sheetId: sheet?.sheetId ?? '',
      },
      query: emailColumn ? { emailColumn } : {},
    }),
    enabled: sheet !== null,
    // Changing the email column keeps the last counts on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}
