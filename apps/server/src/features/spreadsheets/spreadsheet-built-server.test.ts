import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XLSX_MEDIA_TYPE } from '@mergeboard/core';
import { signInThroughLocalIssuer } from '../../testing/sign-in';
import { testingPostgres } from '../../testing/test-database';
import { inlineCell, rowsBomb, workbookOf } from '../../testing/xlsx-test-files';
import { builtServer, freePort, repositoryRoot as root } from '../../testing/built-server';

/**
 * The reader thread is a bundle of its own (dist/spreadsheet-reader.js) that the server finds by
 * its path from its chunk: only the built server, started as `npm start` starts it, shows that it
 * is there. The server keeps its own embedded database, so the PostgreSQL pass has nothing to add.
 */
describe.skipIf(testingPostgres())(
  'the built server reads uploads in its reader thread (issue 21 finding 2; skipped on the PostgreSQL pass: it runs on its own PGlite)',
  { timeout: 180_000 },
  () => {
    let server: ChildProcess;
    let baseUrl: string;
    let dataDir: string;

    beforeAll(async () => {
      await builtServer();
      const port = await freePort();
      baseUrl = `http://127.0.0.1:${port}`;
      dataDir = mkdtempSync(path.join(tmpdir(), 'mb-built-uploads-'));
      server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
        cwd: root,
        env: {
          ...process.env,
          NODE_ENV: 'production',
          DATABASE_URL: '',
          PORT: String(port),
          HOST: '127.0.0.1',
          PUBLIC_URL: baseUrl,
          DATA_DIR: dataDir,
          DEMO: '1',
          LOG_LEVEL: 'warn',
        },
        stdio: 'ignore',
      });
      // Migrations and the demo data first: up to a minute on a busy machine.
      for (let tries = 0; tries < 480; tries += 1) {
        const status = await fetch(`${baseUrl}/healthz`).then(
          (res) => res.status,
          () => 0,
        );
        if (status === 200) return;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      throw new Error(`The built server did not answer at ${baseUrl}`);
    });
    afterAll(() => {
      server?.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('stores an XLSX file and refuses a bomb with 400', async () => {
      const { session } = await signInThroughLocalIssuer(baseUrl, { email: 'member@acme.example' });
      const headers = { authorization: `Bearer ${session.accessToken}` };
      const me = (await (
        await fetch(`${baseUrl}/api/v2/users/me?includeWorkspaces=true`, { headers })
      ).json()) as {
        userWorkspaces: { workspaceId: string; workspaceName: string }[];
      };
      const space = me.userWorkspaces.find((workspace) => workspace.workspaceName === 'Acme Sales')!;
      const send = (name: string, bytes: Buffer) =>
        fetch(`${baseUrl}/api/v1/workspaces/${space.workspaceId}/spreadsheets?filename=${name}`, {
          method: 'POST',
          headers: { ...headers, 'content-type': XLSX_MEDIA_TYPE },
          body: bytes,
        });

      const stored = await send(
        'people.xlsx',
        await workbookOf({
          sheet: 'People',
          rows: () => [
            `<row>${inlineCell('Name')}${inlineCell('Email')}</row>`,
            `<row>${inlineCell('Ann')}${inlineCell('ann@example.com')}</row>`,
          ],
        }),
      );
      expect(stored.status).toBe(201);
      expect(await stored.json()).toMatchObject({
        name: 'people',
        sheets: [{ name: 'People', header: ['Name', 'Email'], rowCount: 1, emailColumn: 'Email' }],
      });

      const bomb = await send('bomb.xlsx', await rowsBomb());
      expect(bomb.status).toBe(400);
      expect(await bomb.json()).toMatchObject({ error: { code: 'spreadsheet_too_large' } });
    });
  },
);
