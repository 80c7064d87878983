import { SPREADSHEET_LIMITS, SPREADSHEET_LIMIT_TEXTS } from '@mergeboard/core';
import { AppError } from '../../http/app-error';

/**
 * The text a file's cells may hold in all (maxTextCharacters). A shared string is counted in
 * every cell that shows it: each cell becomes a copy of its own when the rows leave the reader.
 */
export class TextBudget {
  private spent = 0;

  spend(characters: number): void {
    this.spent += characters;
    if (this.spent > SPREADSHEET_LIMITS.maxTextCharacters) {
      throw new AppError('spreadsheet_too_large', SPREADSHEET_LIMIT_TEXTS.tooMuchText);
    }
  }
}
