import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MERGE_NAME_MAX_LENGTH,
  campaignDetailSchema,
  createMerge,
  errorBodySchema,
  getMerge,
  scheduledCampaignSchema,
} from '@mergeboard/core';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { runMergeWorker } from './merge-worker';
import {
  PEOPLE_HEADER,
  people,
  scheduledTimeComes,
  sendNowBody,
  senderWorld,
  sheetFixture,
  type SenderWorld,
} from '../../testing/merge-test-kit';
import { startSmtpSink, type SmtpSink } from '../../testing/smtp-sink';

/**
 * Issue 24: a sender may name a merge; left out, it is named after its sheet, as the spec's title
 * ('spreadsheet name - sheet name', MM-013) is. The name is what the lists and the detail call it.
 */
describe("a mail merge's name", () => {
  let t: TestApp;
  let sink: SmtpSink;
  let sender: SenderWorld;

  const inject = (method: 'GET' | 'POST', url: string, body?: object) =>
    t.app.inject({
      method,
      url,
      headers: { ...sender.caller.headers, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { payload: JSON.stringify(body) } : {}),
    });
  const create = async (overrides: object) => {
    const sheet = await sheetFixture(t.database.db, sender, {
      header: PEOPLE_HEADER,
      rows: people(2, 'names.example'),
      name: 'Leads',
    });
    return inject('POST', `/api/v1/workspaces/${sender.workspaceId}/merges`, sendNowBody(sheet, overrides));
  };
  /** What the Scheduled list, the Sent list and the merge's own detail call it. */
  const titles = async (merge: { mergeId: string; scheduledMergeId: string; campaignId: string | null }) => {
    const scheduled = await inject('GET', `/api/users/me/scheduled-campaigns/${merge.scheduledMergeId}`);
    const detail = await inject('GET', `/api/v1/workspaces/${sender.workspaceId}/merges/${merge.mergeId}`);
    const sent = merge.campaignId ? await inject('GET', `/api/users/me/campaigns/${merge.campaignId}`) : null;
    return {
      scheduled: scheduledCampaignSchema.parse(scheduled.json()).title,
      merge: getMerge.response.parse(detail.json()).title,
      sent: sent ? campaignDetailSchema.parse(sent.json()).title : null,
    };
  };
  const mergeCount = async () =>
    Number((await t.database.execute('SELECT count(*)::int AS n FROM merges')).rows[0]!.n);

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ env: { SMTP_URL: sink.url, PUBLIC_URL: 'http://mergeboard.example' } });
    sender = await senderWorld(t, { plan: 'PRO' });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it("MM-013 left out, a merge is named after its sheet: 'spreadsheet name - sheet name'", async () => {
    const res = await create({});
    expect(res.statusCode, res.body).toBe(201);
    const merge = createMerge.response.parse(res.json());
    expect(merge.title).toBe('Leads - Sheet1');
    expect(await titles(merge)).toEqual({
      scheduled: 'Leads - Sheet1',
      merge: 'Leads - Sheet1',
      sent: 'Leads - Sheet1',
    });
  });

  it('MM-013 a name given, trimmed, is its title on the Scheduled and Sent lists and in its detail', async () => {
    const res = await create({ name: '  Spring outreach  ' });
    expect(res.statusCode, res.body).toBe(201);
    const merge = createMerge.response.parse(res.json());
    expect(merge.title).toBe('Spring outreach');
    expect(await titles(merge)).toEqual({
      scheduled: 'Spring outreach',
      merge: 'Spring outreach',
      sent: 'Spring outreach',
    });
  });

  it('a scheduled merge keeps its name when it starts: its campaign on Sent is called by it', async () => {
    const res = await create({
      name: 'Renewals, May',
      send: { mode: 'schedule', at: Date.now() + 3_600_000, timeZone: 'UTC' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const merge = createMerge.response.parse(res.json());
    await scheduledTimeComes(t.database, merge.mergeId);
    await runMergeWorker({ database: t.database, config: t.context.config, mergeId: merge.mergeId });
    const started = getMerge.response.parse(
      (await inject('GET', `/api/v1/workspaces/${sender.workspaceId}/merges/${merge.mergeId}`)).json(),
    );
    expect(started.title).toBe('Renewals, May');
    // Sent in full, it has left the Scheduled list; Sent lists it by its name.
    const sent = await inject('GET', `/api/users/me/campaigns/${started.campaignId}`);
    expect(campaignDetailSchema.parse(sent.json()).title).toBe('Renewals, May');
  });

  it('a blank name or one too long is a 400 naming the field, and nothing is written', async () => {
    const before = await mergeCount();
    const cases: [unknown, string][] = [
      ['   ', 'The name cannot be blank: leave it out to name the merge after its sheet'],
      ['x'.repeat(MERGE_NAME_MAX_LENGTH + 1), `The name must be at most ${MERGE_NAME_MAX_LENGTH} characters`],
      [42, 'Invalid input: expected string, received number'],
    ];
    for (const [name, message] of cases) {
      const res = await create({ name });
      expect(res.statusCode, res.body).toBe(400);
      const { error } = errorBodySchema.parse(res.json());
      expect(error.code).toBe('validation_failed');
      expect(error.fields?.['body.name']).toBe(message);
    }
    expect(await mergeCount()).toBe(before);
    expect((await create({ name: 'x'.repeat(MERGE_NAME_MAX_LENGTH) })).statusCode).toBe(201);
  });
});
