export { spreadsheetRoutes } from './spreadsheet-routes';
export {
  sheetRecipients,
  sheetRows,
  type RecipientColumns,
  type SheetRecipientsRequest,
  type SheetRecipientsResult,
} from './sheet-recipients';
