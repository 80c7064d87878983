export { spreadsheetRoutes } from './spreadsheet-routes';
export { sheetRecipients, sheetRows, type RecipientColumns } from './sheet-recipients';
export { uploadedSheetFile } from './uploaded-sheet-file';
