import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll } from 'vitest';
import type userEvent from '@testing-library/user-event';
import type { Spreadsheet, SheetRecipients } from '@mergeboard/core';
import { currentUser } from './auth-fixtures';
import { json, type FakeRoutes } from './fake-server';
import { spaceEntry } from './space-fixtures';

/** Test data of the composer's tests: a space, a sheet of five people, and the server's answers. */
export const space = spaceEntry(1, 'Acme Sales', {
  userRole: 'OWNER',
  workspacePlan: 'PRO',
  userPlan: 'PRO',
});
export const user = currentUser({ userWorkspaces: [space] });
export const composerPage = `${space.urlPrefix}/mail-merges/new`;
const api = `/api/v1/workspaces/${space.workspaceId}`;

export const spreadsheet: Spreadsheet = {
  id: '5b000000-0000-4000-8000-000000000001',
  name: 'contacts.csv',
  source: 'UPLOAD',
  sheets: [
    {
      sheetId: '0',
      name: 'contacts',
      header: ['First name', 'Email', 'Company'],
      rowCount: 5,
      emailColumn: 'Email',
    },
  ],
};

const rows = [
  ['Ana', 'ana@example.com', 'Acme'],
  ['Ben', 'not-an-address', 'Globex'],
  ['<b>Chloé</b>', 'chloe@example.com', 'Tom & Jerry <Ltd>'],
  ['Dan', 'ana@example.com', 'Initech'],
  ['Eve', 'eve@example.com', 'Umbrella'],
];

export const recipients: SheetRecipients = {
  header: spreadsheet.sheets[0]!.header,
  emailColumn: 'Email',
  preview: rows.map((cells, index) => ({ rowNumber: index + 1, cells })),
  counts: {
    rows: 5,
    valid: 3,
    invalid: 1,
    duplicate: 1,
    suppressed: 0,
    copies: { valid: 0, invalid: 0, suppressed: 0 },
    addresses: 3,
  },
  skipped: [
    { rowNumber: 2, email: 'not-an-address', reason: 'INVALID' },
    { rowNumber: 4, email: 'ana@example.com', reason: 'DUPLICATE' },
  ],
  skippedCopies: [],
};

export const template = {
  id: '7e000000-0000-4000-8000-000000000001',
  subject: 'Spring offer',
  thumbnail: 'https://images.example/t1.png',
  preview: '<p>Hello {{First name}} of {{Company}}</p>',
  order: 1,
};

export const quota = {
  limit: 1500,
  used: 0,
  remaining: 1500,
  resetsAt: Date.UTC(2030, 0, 2),
  canSchedule: true,
  scheduleRefusal: null,
};

const passing = (detail: string) => ({ status: 'pass' as const, detail, publish: null });

/** The sending-domain check's answer for a sender at example.com, as the composer's Send step reads it. */
export function domainCheckAnswer(
  outcome: 'PASS' | 'FAIL' | 'UNCHECKED',
  overrides: { blocked?: boolean; canOverride?: boolean } = {},
) {
  const failing = {
    spf: {
      status: 'fail' as const,
      detail: 'SPF of example.com does not allow 127.0.0.1, the address merge messages leave from (fail).',
      publish: { type: 'TXT' as const, name: 'example.com', value: 'v=spf1 ip4:127.0.0.1 -all' },
    },
    dkim: passing('The key at mb._domainkey.example.com matches DKIM_PRIVATE_KEY.'),
    dmarc: {
      status: 'missing' as const,
      detail: 'example.com publishes no DMARC policy.',
      publish: {
        type: 'TXT' as const,
        name: '_dmarc.example.com',
        value: 'v=DMARC1; p=none; adkim=r; aspf=r',
      },
    },
  };
  const unchecked = { status: 'unchecked' as const, detail: 'DNS did not answer.', publish: null };
  const parts =
    outcome === 'PASS'
      ? { spf: passing('SPF passes.'), dkim: passing('DKIM passes.'), dmarc: passing('DMARC passes.') }
      : outcome === 'FAIL'
        ? failing
        : { spf: unchecked, dkim: unchecked, dmarc: unchecked };
  return {
    check: {
      domain: 'example.com',
      outcome,
      checkedAt: '2030-01-01T10:00:00.000Z',
      sendingHost: '127.0.0.1',
      transport: 'local',
      ...parts,
    },
    blockAbove: 100,
    blocked: overrides.blocked ?? false,
    canOverride: overrides.canOverride ?? true,
  };
}

export const routeKeys = {
  upload: `POST ${api}/spreadsheets`,
  recipients: `GET ${api}/spreadsheets/${spreadsheet.id}/sheets/0/recipients`,
  row: (n: number) => `GET ${api}/spreadsheets/${spreadsheet.id}/sheets/0/rows/${n}`,
  quota: `GET ${api}/merges/quota`,
  createMerge: `POST ${api}/merges`,
  domainCheck: `GET ${api}/merges/sending-domain`,
  testEmail: `POST ${api}/merges/test`,
};

/** The server's answers for a composer that goes well; a test replaces the ones it is about. */
export function composerRoutes(overrides: FakeRoutes = {}): FakeRoutes {
  return {
    [routeKeys.upload]: json(201, spreadsheet),
    [routeKeys.recipients]: json(200, recipients),
    ...Object.fromEntries(
      rows.map((cells, index) => [routeKeys.row(index + 1), json(200, { rowNumber: index + 1, cells })]),
    ),
    [routeKeys.quota]: json(200, quota),
    [routeKeys.domainCheck]: json(200, domainCheckAnswer('PASS')),
    'GET /api/templates': json(200, { items: [template] }),
    ...overrides,
  };
}

type Clicker = ReturnType<typeof userEvent.setup>;

/** Picks a file with the 'Choose a file' button (the file input it opens). */
export async function chooseFile(clicker: Clicker, file: File): Promise<void> {
  const zone = await screen.findByTestId('spreadsheet-drop-zone');
  const input = zone.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  await clicker.upload(input, file);
}

export const csvFile = (name = 'contacts.csv') =>
  new File(['First name,Email\n'], name, { type: 'text/csv' });

/** Uploads the sheet and goes on to the Message step. */
export async function reachMessageStep(clicker: Clicker): Promise<void> {
  await chooseFile(clicker, csvFile());
  await within(await screen.findByRole('group', { name: 'Valid' })).findByText('3');
  await clicker.click(screen.getByRole('button', { name: 'Next: Message' }));
  await screen.findByRole('textbox', { name: 'Subject' });
}

/** Starts the message from the gallery template. */
export async function startFromTemplate(clicker: Clicker): Promise<void> {
  await clicker.click(screen.getByRole('combobox', { name: 'Start from' }));
  await clicker.click(await screen.findByRole('option', { name: template.subject }));
}

/** Uploads the sheet, starts from the gallery template and goes on to the Send step. */
export async function reachSendStep(clicker: Clicker): Promise<void> {
  await reachMessageStep(clicker);
  await startFromTemplate(clicker);
  await clicker.click(screen.getByRole('button', { name: 'Next: Send' }));
  await screen.findByRole('radiogroup', { name: 'When' });
}

/**
 * ProseMirror measures the selection to scroll it into view; jsdom's Range has no layout. For the
 * tests of a describe block that show the editor, a Range measures as empty.
 */
export function withoutRangeLayout(): void {
  const measured = ['getClientRects', 'getBoundingClientRect'] as const;
  beforeAll(() => {
    for (const name of measured)
      Object.defineProperty(Range.prototype, name, {
        configurable: true,
        value: name === 'getClientRects' ? () => [] : () => new DOMRect(),
      });
  });
  afterAll(() => {
    for (const name of measured) delete (Range.prototype as Partial<Range>)[name];
  });
}
