/**
 * Writes the sample spreadsheets (CSV and XLSX, same content) from the rows below. Run once after
 * changing them: `node samples/build-samples.mjs`; the files are committed.
 *
 * contacts: 20 rows — 16 sendable, 2 invalid addresses, 1 duplicate (another case of an earlier
 * address) and 1 address that Acme Sales' demo unsubscriptions hold for owner@acme.example.
 * contacts-30: 30 sendable rows, for a free sender's daily quota of 20.
 * In the XLSX, 'Full name' is a formula (its value cached, as Excel saves it) and 'Signed up' a
 * date shown as 'd mmm yyyy'; the CSV holds the same values as text.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';

const here = path.dirname(fileURLToPath(import.meta.url));
const HEADER = ['First name', 'Last name', 'Email', 'Company', 'Full name', 'Signed up'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const people = [
  ['Ada', 'Lovelace', 'ada.lovelace@example.com', 'Analytical Engines'],
  ['Grace', 'Hopper', 'grace.hopper@example.com', 'Cobol Works'],
  ['Alan', 'Turing', 'alan.turing@example.org', 'Bletchley Labs'],
  ['Katherine', 'Johnson', 'katherine.johnson@example.net', 'Orbital Math'],
  ['Linus', 'Pauling', 'linus.pauling@example.com', 'Vitamin Co'],
  ['Maria', 'Garcia', 'maria.garcia@', 'Invalid Inc'],
  ['Hedy', 'Lamarr', 'hedy.lamarr@example.com', 'Frequency Hopping'],
  ['Aarav', 'Davis', 'aarav.davis@bluefin-logistics.example', 'Bluefin Logistics'],
  ['Tim', 'Berners-Lee', 'tim.bernerslee@example.org', 'Hypertext Ltd'],
  ['Margaret', 'Hamilton', 'margaret.hamilton@example.com', 'Apollo Software'],
  ['Ada', 'Lovelace', 'Ada.Lovelace@example.com', 'Analytical Engines'],
  ['Donald', 'Knuth', 'donald.knuth@example.edu', 'Typesetting Press'],
  ['Barbara', 'Liskov', 'barbara.liskov@example.edu', 'Substitution Labs'],
  ['Tom', 'Baker', 'tom.baker at example.com', 'Invalid Inc'],
  ['Edsger', 'Dijkstra', 'edsger.dijkstra@example.nl', 'Shortest Path BV'],
  ['Frances', 'Allen', 'frances.allen@example.com', 'Compiler Guild'],
  ['John', 'Backus', 'john.backus@example.com', 'Formula Translation'],
  ['Radia', 'Perlman', 'radia.perlman@example.net', 'Spanning Trees'],
  ['Ken', 'Thompson', 'ken.thompson@example.com', 'Unix Room'],
  ['Sophie', 'Wilson', 'sophie.wilson@example.co.uk', 'Acorn Chips'],
];

const FIRST = ['Pat', 'Sam', 'Alex', 'Jo', 'Kim', 'Lee', 'Max', 'Noa', 'Ray', 'Sky'];
const LAST = ['Rivera', 'Chen', 'Okafor'];
const thirty = Array.from({ length: 30 }, (_, i) => {
  const first = FIRST[i % FIRST.length];
  const last = LAST[Math.floor(i / FIRST.length)];
  return [first, last, `${first}.${last}.${i + 1}@example.com`.toLowerCase(), `Quota Test ${i + 1}`];
});

/** Row i signed up on a day of 2026, as a UTC date. */
const signedUp = (i) => new Date(Date.UTC(2026, i % 12, 1 + ((i * 7) % 28)));
const shownDate = (date) => `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;

/** A CSV cell: quoted when it holds a comma, a quote or a line break. */
const csvCell = (value) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

async function write(name, rows) {
  const lines = [
    HEADER,
    ...rows.map(([first, last, email, company], i) => [
      first,
      last,
      email,
      company,
      `${first} ${last}`,
      shownDate(signedUp(i)),
    ]),
  ];
  writeFileSync(
    path.join(here, `${name}.csv`),
    `${lines.map((line) => line.map(csvCell).join(',')).join('\r\n')}\r\n`,
  );

  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Contacts');
  sheet.addRow(HEADER);
  rows.forEach(([first, last, email, company], i) => {
    const row = sheet.addRow([first, last, email, company, null, signedUp(i)]);
    row.getCell(5).value = { formula: `A${row.number}&" "&B${row.number}`, result: `${first} ${last}` };
    row.getCell(6).numFmt = 'd mmm yyyy';
  });
  sheet.getRow(1).font = { bold: true };
  sheet.columns.forEach((column) => {
    column.width = 24;
  });
  await workbook.xlsx.writeFile(path.join(here, `${name}.xlsx`));
}

await write('contacts', people);
await write('contacts-30', thirty);
