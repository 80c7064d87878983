import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getSheetRow } from '@mergeboard/core';
import { contractQueryOptions } from '../../../lib/api-query';
import type { SheetRef } from './get-sheet-recipients';

/** GET …/sheets/:sheetId/rows/:rowNumber: one row's cells, for the live preview. */
export function useSheetRow(sheet: SheetRef, rowNumber: number) {
  return useQuery({
    ...contractQueryOptions(getSheetRow, {
      params: {
        id: sheet.workspaceId,
        spreadsheetId: sheet.spreadsheetId,
        sheetId: sheet.sheetId,
        rowNumber: String(rowNumber),
      },
    }),
    placeholderData: keepPreviousData,
  });
}
