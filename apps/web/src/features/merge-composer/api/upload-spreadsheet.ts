import { useMutation } from '@tanstack/react-query';
import { uploadSpreadsheet, type ContractResponse } from '@mergeboard/core';
import type { ApiError } from '../../../lib/api-client';
import { callAuthed } from '../../../lib/authed-call';

export type Spreadsheet = ContractResponse<typeof uploadSpreadsheet>;

/** The media type the server reads the bytes as; a name it does not know is sent as plain bytes. */
function mediaTypeOf(file: File): string {
  if (/\.csv$/i.test(file.name)) return 'text/csv';
  if (/\.xlsx$/i.test(file.name)) return 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  return 'application/octet-stream';
}

/**
 * The API client sends JSON bodies; this call's body is the file's own bytes. Its `fetch` option
 * puts them in, so the call keeps the client's token, session renewal and error reading.
 */
function withFileBody(file: File): typeof fetch {
  return (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('Content-Type', mediaTypeOf(file));
    return globalThis.fetch(input, { ...init, headers, body: file });
  };
}

/** POST /api/v1/workspaces/:id/spreadsheets?filename=… with the file's bytes. */
export function useUploadSpreadsheet(workspaceId: string) {
  return useMutation<Spreadsheet, ApiError, File>({
    mutationFn: (file) =>
      callAuthed(
        uploadSpreadsheet,
        { params: { id: workspaceId }, query: { filename: file.name }, body: undefined },
        { fetch: withFileBody(file) },
      ),
  });
}
