export { spreadsheetRoutes } from './spreadsheet-routes';
export {
  sheetRecipients,
  sheetRows,
  type SheetRecipientsRequest,
  type SheetRecipientsResult,
} from './sheet-recipients';
