export * from './email-column';
export * from './recipient-rules';
export * from './sheet-shape';
export * from './spreadsheet-contracts';
