import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPREADSHEET_LIMITS, errorBodySchema } from '@mergeboard/core';
import { seedDemo } from '../../embedded/demo';
import { signedInAs } from '../../testing/sessions';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { spaceNamed, storedCounts, upload, type Caller } from '../../testing/spreadsheet-test-kit';
import { batched, cellBomb, numberedRows, rowsBomb, workbookOf } from '../../testing/xlsx-test-files';

/**
 * How much the whole process (the API and its reader workers) may grow while one upload is read:
 * a reader's heap is capped at 256 MB (READER_LIMITS), plus its young generation, its code and the
 * file's bytes. Today's code took the process from ~1.6 to 4.4 GB on the first bomb.
 */
const RSS_GROWTH_BOUND = 512 * 1024 * 1024;

interface Outcome {
  status: number;
  code: string;
  message: string;
  healthzAnswers: number;
  rssGrowth: number;
}

describe('spreadsheet bombs (issue 21 finding 2; RELIABILITY Input: archives judged before inflating, read off the main thread)', () => {
  let t: TestApp;
  let member: Caller;
  let space: string;

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo({ db: t.database.db });
    member = await signedInAs(t, 'member@acme.example');
    space = await spaceNamed(t, 'Acme Sales');
  });
  afterAll(() => t.close());

  /**
   * Uploads the file while asking /healthz again and again: how the upload was answered, how many
   * health checks answered meanwhile, and the process's peak memory over what it held before.
   */
  async function uploadWhileProbing(name: string, bytes: Buffer): Promise<Outcome> {
    const before = await storedCounts(t);
    const rssBefore = process.memoryUsage.rss();
    let settled = false;
    const uploading = upload(t, member, space, { name, bytes }).finally(() => (settled = true));
    let healthzAnswers = 0;
    while (!settled) {
      const health = await t.app.inject({ method: 'GET', url: '/healthz' });
      if (health.statusCode === 200) healthzAnswers += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const res = await uploading;
    const rssGrowth = process.resourceUsage().maxRSS * 1024 - rssBefore;
    expect(await storedCounts(t)).toEqual(before);
    const { error } = errorBodySchema.parse(res.json());
    const outcome = {
      status: res.statusCode,
      code: error.code,
      message: error.message,
      healthzAnswers,
      rssGrowth,
    };
    console.warn(`${name}: ${JSON.stringify({ ...outcome, rssGrowthMb: Math.round(rssGrowth / 2 ** 20) })}`);
    return outcome;
  }

  it.each([
    { bomb: 'a 700 KB sheet that unpacks to 240 MB', name: 'rows-bomb.xlsx', make: rowsBomb, under: 800 },
    { bomb: 'a 400 KB file holding one 400 MB cell', name: 'cell-bomb.xlsx', make: cellBomb, under: 500 },
  ])('refuses $bomb with 400 while /healthz answers, memory bounded', async ({ name, make, under }) => {
    const bytes = await make();
    expect(bytes.length).toBeLessThan(under * 1024);
    const outcome = await uploadWhileProbing(name, bytes);
    expect(outcome).toMatchObject({
      status: 400,
      code: 'spreadsheet_too_large',
      message: 'The file unpacks to more than 100 MB.',
    });
    expect(outcome.healthzAnswers).toBeGreaterThan(0);
    expect(outcome.rssGrowth).toBeLessThan(RSS_GROWTH_BOUND);
  });

  it('stops reading a sheet at the row limit when its archive passes the size checks (1,000,000 rows, 5 MB)', async () => {
    const bytes = await workbookOf({
      sheet: 'Flood',
      rows: () => batched(numberedRows(1_000_000, (n) => `p${n}@example.com`)),
    });
    expect(bytes.length).toBeLessThan(SPREADSHEET_LIMITS.maxBytes);
    const outcome = await uploadWhileProbing('flood.xlsx', bytes);
    expect(outcome).toMatchObject({
      status: 400,
      code: 'spreadsheet_too_many_rows',
      message: "The sheet 'Flood' has more than 50,000 rows.",
    });
    expect(outcome.healthzAnswers).toBeGreaterThan(0);
    expect(outcome.rssGrowth).toBeLessThan(RSS_GROWTH_BOUND);
  });
});
