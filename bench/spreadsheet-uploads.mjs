// Spreadsheet uploads against the API's latency and memory (issue 21, finding 2): the built server
// on PGlite with the demo data, as `npm start` runs it, is sent the bombs of the issue and the
// largest files a user may send, one at a time, while /healthz is asked again and again (one
// request at a time) and the server's resident memory is sampled from /proc (PostgreSQL instead
// with BENCH_DATABASE_URL). Prints, per file,
// the answer, how long it took, the worst and p99 /healthz latency meanwhile beside the target
// (worst < 300 ms), the worst latency of a call answered without the database (a 401: the event
// loop alone; on PGlite /healthz also waits for the one connection an upload's insert holds), and
// the server's peak memory over what it held before. Never fails on a number.
//
// BENCH_SERVER   the built server to run (default apps/server/dist/main.js, built when stale),
//                e.g. an older build, to compare before and after in one sitting
// BENCH_FILES    the files to send, comma-separated names from the list below (default all)
// BENCH_DATABASE_URL  a PostgreSQL server to run on instead (a throwaway database is made there)
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { buildIfStale, root } from '../scripts/lib/build.mjs';
import { quantile, startBuiltServer, timed } from './lib/built-server.mjs';
import { signIn } from './lib/sign-in.mjs';
import { sleep, throwawayDatabase } from './lib/processes.mjs';

const TARGET_MS = 300;
const MEMBER = 'member@acme.example';
const SPACE = 'Acme Sales';
const HEALTHZ_GAP_MS = 10;
const RSS_SAMPLE_MS = 10;

const kit = await tsImport(
  pathToFileURL(path.join(root, 'apps/server/src/testing/xlsx-test-files.ts')).href,
  import.meta.url,
);

function* fullRows() {
  const header = Array.from({ length: 20 }, (_, c) => kit.inlineCell(c === 0 ? 'Email' : `Column ${c + 1}`));
  yield `<row>${header.join('')}</row>`;
  for (let n = 1; n <= 50_000; n += 1) {
    const cells = [kit.inlineCell(`person${n}@example.com`)];
    for (let c = 1; c < 20; c += 1)
      cells.push(c % 2 ? kit.inlineCell(`Text ${n}-${c}`) : `<c><v>${n * c}.5</v></c>`);
    yield `<row>${cells.join('')}</row>`;
  }
}

/** A sheet at the limits a user may reach: 50,000 rows of 20 columns (inline strings and numbers). */
function fullSheet() {
  return kit.workbookOf({
    sheet: 'Full',
    rows: () => kit.batched(fullRows()),
  });
}

/** A CSV just under the 10 MB upload limit: 50,000 rows of about 200 bytes. */
function fullCsv() {
  const lines = ['Email,First name,Last name,Company,Note'];
  for (let n = 1; n <= 50_000; n += 1) {
    lines.push(`person${n}@example.com,First${n},Last${n},Company ${n % 97},"${'note '.repeat(28)}${n}"`);
  }
  return Buffer.from(lines.join('\n'));
}

const FILES = {
  'rows-bomb.xlsx': () => kit.rowsBomb(),
  'cell-bomb.xlsx': () => kit.cellBomb(),
  'flood.xlsx': () =>
    kit.workbookOf({
      sheet: 'Flood',
      rows: () => kit.batched(kit.numberedRows(1_000_000, (n) => `p${n}@example.com`)),
    }),
  'full-sheet.xlsx': fullSheet,
  'full.csv': fullCsv,
};

const mb = (bytes) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
const rssOf = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) * 1024;

/** One upload while /healthz is asked and the server's memory sampled. */
async function measure(server, uploadUrl, headers, name, bytes) {
  const rssBefore = rssOf(server.pid);
  let peak = rssBefore;
  let uploading = true;
  const probe = async (url, latencies) => {
    while (uploading) {
      latencies.push((await timed(url)).ms);
      await sleep(HEALTHZ_GAP_MS);
    }
  };
  const healthz = [];
  const unauthorized = [];
  const probing = Promise.all([
    probe(`${server.baseUrl}/healthz`, healthz),
    probe(`${server.baseUrl}/api/v2/users/me`, unauthorized),
  ]);
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(server.pid))), RSS_SAMPLE_MS);
  const contentType = name.endsWith('.csv')
    ? 'text/csv'
    : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  const answer = await timed(`${uploadUrl}?filename=${name}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': contentType },
    body: bytes,
  }).catch((error) => ({ ms: Number.NaN, status: 0, body: String(error) }));
  uploading = false;
  await probing;
  clearInterval(sampler);
  const worst = Math.max(...healthz);
  const outcome =
    answer.status === 201
      ? 'stored'
      : (JSON.parse(answer.body || '{}').error?.code ?? answer.body.slice(0, 80));
  console.log(
    `${name.padEnd(16)} ${mb(bytes.length).padStart(6)}  answered ${answer.status} ${outcome} in ${(answer.ms / 1000).toFixed(1)} s; ` +
      `/healthz worst ${worst.toFixed(0)} ms, p99 ${quantile(healthz, 0.99).toFixed(0)} ms over ${healthz.length} ` +
      `(target worst < ${TARGET_MS} ms: ${worst < TARGET_MS ? 'met' : 'not met'}); ` +
      `a 401 without the database worst ${Math.max(...unauthorized).toFixed(0)} ms; ` +
      `server memory ${mb(rssBefore)} → peak ${mb(peak)} (+${mb(peak - rssBefore)}), after ${mb(rssOf(server.pid))}`,
  );
}

async function main() {
  const serverMain = process.env.BENCH_SERVER
    ? path.resolve(process.env.BENCH_SERVER)
    : (buildIfStale({ only: 'server' }), path.join(root, 'apps/server/dist/main.js'));
  const names = process.env.BENCH_FILES ? process.env.BENCH_FILES.split(',') : Object.keys(FILES);
  const database = process.env.BENCH_DATABASE_URL
    ? await throwawayDatabase(process.env.BENCH_DATABASE_URL, 'spreadsheet uploads')
    : null;
  if (process.env.BENCH_DATABASE_URL && !database) return;
  console.log(
    `spreadsheet uploads on ${path.relative(root, serverMain)} (${database ? 'PostgreSQL' : 'PGlite'}, demo data; ` +
      `load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores: figures are noisy on a shared machine)`,
  );
  const server = await startBuiltServer(serverMain, { env: { DATABASE_URL: database?.url ?? '' } });
  try {
    const { accessToken } = await signIn(server.baseUrl, { email: MEMBER });
    const headers = { authorization: `Bearer ${accessToken}` };
    const me = await (
      await fetch(`${server.baseUrl}/api/v2/users/me?includeWorkspaces=true`, { headers })
    ).json();
    const space = me.userWorkspaces.find((w) => w.workspaceName === SPACE);
    const uploadUrl = `${server.baseUrl}/api/v1/workspaces/${space.workspaceId}/spreadsheets`;
    for (const name of names) await measure(server, uploadUrl, headers, name, await FILES[name]());
  } finally {
    await server.stop();
    await database?.drop();
  }
}

await main();
