import { isValidEmail } from '../suppressions/suppression-rules';

/**
 * Header names that say "the recipient's address", in English and the main languages our users
 * write their sheets in; compared through `headerKey` (no case, accents or separators).
 */
const EMAIL_HEADER_NAMES = [
  'email',
  'mail',
  'emailaddress',
  'mailaddress',
  'emails',
  'emailadresse', // German, Danish, Norwegian
  'mailadresse',
  'emailadres', // Dutch
  'adresseemail', // French
  'adressemail',
  'adresseelectronique',
  'courriel',
  'adressecourriel',
  'correo', // Spanish
  'correoelectronico',
  'direcciondecorreo',
  'direcciondecorreoelectronico',
  'posta', // Italian
  'postaelettronica',
  'indirizzoemail',
  'enderecodeemail', // Portuguese
  'epost', // Swedish, Norwegian
  'epostadress',
  'sahkoposti', // Finnish
  'emailcim', // Hungarian
  'adresemail', // Polish
  'メールアドレス', // Japanese
  'メール',
  '电子邮件', // Chinese
  '邮箱',
  '이메일', // Korean
];

/** A header as compared: lower case, accents and separators removed ('E-Mail Address' → 'emailaddress'). */
export function headerKey(header: string): string {
  return header
    .normalize('NFKD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase()
    .replace(/[\s\-_.:]+/g, '');
}

const EMAIL_HEADER_KEYS = new Set(EMAIL_HEADER_NAMES.map(headerKey));

/** True for a header that names an e-mail column. */
export function isEmailHeader(header: string): boolean {
  return EMAIL_HEADER_KEYS.has(headerKey(header));
}

/** A cell as an address: trimmed, with a `mailto:` prefix (a pasted link) removed. */
export function addressOf(cell: string | undefined): string {
  return (cell ?? '').trim().replace(/^mailto:/i, '');
}

/** Share of non-empty cells that must be addresses for a column to be taken as the e-mail column. */
const EMAIL_COLUMN_MIN_SHARE = 0.5;
/** How many rows the content-based detection looks at. */
const EMAIL_COLUMN_SAMPLE_ROWS = 1000;

/**
 * The column holding the recipients' addresses, or null when none does: the first header that
 * names one exactly (Email, E-mail, Email address, Courriel, …); else the first header that
 * contains "email" (Work email); else the first column whose non-empty values, over the first
 * rows, are mostly addresses.
 */
export function detectEmailColumn(
  header: readonly string[],
  rows: readonly (readonly string[])[],
): string | null {
  const named = header.find((name) => isEmailHeader(name));
  if (named !== undefined) return named;
  const containing = header.find((name) => name !== '' && headerKey(name).includes('email'));
  if (containing !== undefined) return containing;
  const sample = rows.slice(0, EMAIL_COLUMN_SAMPLE_ROWS);
  const index = header.findIndex((name, column) => {
    if (name === '') return false;
    const values = sample.map((row) => addressOf(row[column])).filter((value) => value !== '');
    const addresses = values.filter((value) => isValidEmail(value)).length;
    return values.length > 0 && addresses / values.length > EMAIL_COLUMN_MIN_SHARE;
  });
  return index === -1 ? null : header[index]!;
}
