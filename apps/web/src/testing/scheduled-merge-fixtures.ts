/**
 * One item of the Scheduled list as the server answers it: a Google Sheets merge due in an hour,
 * 10 of 50 sent, no error and no pause. `overrides` set the fields a test is about.
 */
export const scheduledMergeItem = (
  workspaceId: string,
  scheduledMergeId: string,
  overrides: Record<string, unknown> = {},
) => ({
  id: 'abc-0',
  scheduledMergeId,
  workspaceId,
  spreadsheetId: 'abc',
  sheetId: '0',
  sheetName: 'Sheet1',
  spreadsheetName: 'Leads',
  title: 'Leads - Sheet1',
  spreadsheetLink: 'https://docs.google.com/spreadsheets/d/abc/edit#gid=0',
  spreadsheetSource: 'GOOGLE_SHEETS',
  mergeTime: Date.now() + 3_600_000,
  createdTime: 1_700_000_000_000,
  numberOfEmailsSent: 10,
  numberOfEmailsToSend: 50,
  status: 'SCHEDULED',
  error: null,
  errorDetails: null,
  recoverableErrorRetries: 0,
  recoverableErrorLastRetryTimestamp: null,
  mergeId: null,
  pause: null,
  ...overrides,
});
