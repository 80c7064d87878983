import { useMutation } from '@tanstack/react-query';
import { linkGoogleSheet } from '@mergeboard/core';
import type { ApiError } from '../../../lib/api-client';
import { callAuthed } from '../../../lib/authed-call';
import type { Spreadsheet } from './upload-spreadsheet';

/** POST /api/v1/workspaces/:id/spreadsheets/google { url }: a Google Sheet by its link. */
export function useLinkGoogleSheet(workspaceId: string) {
  return useMutation<Spreadsheet, ApiError, string>({
    mutationFn: (url) => callAuthed(linkGoogleSheet, { params: { id: workspaceId }, body: { url } }),
  });
}
