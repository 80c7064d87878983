import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The server's migrations, as drizzle's migrator and drizzle-kit read them (apps/server/drizzle/README.md). */
const folder = path.resolve(import.meta.dirname, '../apps/server/drizzle');

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

const journal = JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
  entries: JournalEntry[];
};
const entries = journal.entries;
const numberOf = (tag: string) => Number(/^(\d{4})_/.exec(tag)?.[1] ?? Number.NaN);
/** drizzle-kit names a snapshot by journal index, not by the SQL file's number. */
const snapshotName = (idx: number) => `meta/${String(idx).padStart(4, '0')}_snapshot.json`;

describe('server migrations (apps/server/drizzle)', () => {
  it('journal indexes run 0, 1, 2, … and each entry is later than the one before (the migrator runs only later ones)', () => {
    entries.forEach((entry, i) => expect(entry.idx, entry.tag).toBe(i));
    for (let i = 1; i < entries.length; i += 1) {
      expect(entries[i]!.when, entries[i]!.tag).toBeGreaterThan(entries[i - 1]!.when);
    }
  });

  it('file numbers only grow: none is used twice, and the retired 0013 stays unused', () => {
    const numbers = entries.map((entry) => numberOf(entry.tag));
    for (let i = 1; i < numbers.length; i += 1) {
      expect(numbers[i], entries[i]!.tag).toBeGreaterThan(numbers[i - 1]!);
    }
    expect(numbers).not.toContain(13);
  });

  it('every journal entry has its SQL file and every SQL file is in the journal', () => {
    const files = readdirSync(folder).filter((name) => name.endsWith('.sql'));
    expect(files.sort()).toEqual(entries.map((entry) => `${entry.tag}.sql`).sort());
  });

  it('every entry has its snapshot, each following the one before (or the next db:generate writes it again)', () => {
    let prevId = '00000000-0000-0000-0000-000000000000';
    for (const entry of entries) {
      const name = snapshotName(entry.idx);
      expect(existsSync(path.join(folder, name)), `${name} for ${entry.tag}`).toBe(true);
      const { id, prevId: previous } = JSON.parse(readFileSync(path.join(folder, name), 'utf8')) as {
        id: string;
        prevId: string;
      };
      expect(previous, name).toBe(prevId);
      prevId = id;
    }
  });
});
