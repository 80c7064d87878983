import { describe, expect, it } from 'vitest';
import { columnLetter, fitRow, isBlankRow, spreadsheetNameOf, uniqueHeader } from './sheet-shape';

describe('the shape of a sheet', () => {
  it('names every column once', () => {
    expect(uniqueHeader(['Email', '', 'Name', 'Name', ' Name ', ''])).toEqual([
      'Email',
      'Column B',
      'Name',
      'Name (2)',
      'Name (3)',
      'Column F',
    ]);
  });

  it('writes column letters as spreadsheets do', () => {
    expect([0, 25, 26, 51, 52, 701, 702].map(columnLetter)).toEqual([
      'A',
      'Z',
      'AA',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
    ]);
  });

  it('fits a row to the header width', () => {
    expect(fitRow(['a'], 3)).toEqual(['a', '', '']);
    expect(fitRow(['a', 'b', 'c'], 2)).toEqual(['a', 'b']);
  });

  it('takes rows of blank cells as no data', () => {
    expect(isBlankRow(['', '  ', '\t'])).toBe(true);
    expect(isBlankRow(['', 'x'])).toBe(false);
  });

  it('names a spreadsheet after its file', () => {
    expect(spreadsheetNameOf('Contacts 2026.csv')).toBe('Contacts 2026');
    expect(spreadsheetNameOf('C:\\Users\\ann\\Leads.XLSX')).toBe('Leads');
    expect(spreadsheetNameOf('.csv')).toBe('Spreadsheet');
  });
});
