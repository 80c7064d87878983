import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDraft, getDraft, listTemplates, missingMergeFields } from '@mergeboard/core';
import { signedInAs } from '../../testing/sessions';
import { startSmtpSink, type SmtpSink } from '../../testing/smtp-sink';
import { sampleFile, spaceNamed, uploaded, userIdOf } from '../../testing/spreadsheet-test-kit';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { seedDemo } from '.';

const OWNER = 'owner@acme.example';

/**
 * Issue 24: a newcomer imports a gallery template and sends it to the sample sheet a first start
 * points at. Each template must go out as it is: a merge field whose column the sample lacks
 * (e.g. {{Sender name}}) would stop the composer and the server alike.
 */
describe('the gallery templates with the sample sheet', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let owner: { headers: { authorization: string } };
  let ownerId: string;
  let spaceId: string;

  const inject = (method: 'GET' | 'POST', url: string, body?: object) =>
    t.app.inject({
      method,
      url,
      headers: { ...owner.headers, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { payload: JSON.stringify(body) } : {}),
    });

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ env: { SMTP_URL: sink.url, PUBLIC_URL: 'http://mergeboard.example' } });
    await seedDemo({ db: t.database.db });
    owner = await signedInAs(t, OWNER, { composeGranted: true });
    ownerId = await userIdOf(t, OWNER);
    spaceId = await spaceNamed(t, 'Acme Sales');
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it('API-060 API-061 TPL-010 every template, imported, sends to samples/contacts.xlsx: each merge field has its column', async () => {
    const sample = await uploaded(t, owner, spaceId, {
      name: 'contacts.xlsx',
      bytes: sampleFile('contacts.xlsx'),
    });
    const sheet = sample.sheets[0]!;
    const gallery = listTemplates.response.parse((await inject('GET', '/api/templates')).json()).items;
    expect(gallery.length).toBeGreaterThan(0);

    for (const template of gallery) {
      // Imported as a newcomer does: a draft with the template's subject and body.
      const imported = await inject('POST', `/api/users/${ownerId}/drafts`, {
        fromTemplate: template.id,
        source: 'GALLERY',
      });
      expect(imported.statusCode, imported.body).toBe(201);
      const { messageId } = createDraft.response.parse(imported.json());
      const draft = getDraft.response.parse(
        (await inject('GET', `/api/users/${ownerId}/drafts/${messageId}`)).json(),
      );
      // The rule the composer shows and the server refuses by: no merge field without its column.
      expect(missingMergeFields(draft.subject, draft.body, sheet.header), template.subject).toEqual([]);
      // And the server sends it: the test email of the sample's first row (Ada).
      const sent = await inject('POST', `/api/v1/workspaces/${spaceId}/merges/test`, {
        spreadsheetId: sample.id,
        sheetId: sheet.sheetId,
        rowNumber: 1,
        subject: draft.subject,
        bodyHtml: draft.body,
      });
      expect(sent.statusCode, `${template.subject}: ${sent.body}`).toBe(202);
    }

    expect(sink.messages).toHaveLength(gallery.length);
    for (const message of sink.messages) {
      expect(message.mail.html).toContain('Hi Ada,');
      expect(`${message.mail.subject} ${message.mail.html}`).not.toContain('{{');
    }
  });
});
