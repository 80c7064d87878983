/**
 * The spec's title of a merge, 'spreadsheet name - sheet name' (001 §3): what the Scheduled and
 * Sent lists call a merge whose sender gave it no name of their own, and the composer's default.
 */
export const mergeTitle = (spreadsheetName: string, sheetName: string) => `${spreadsheetName} - ${sheetName}`;
