// First-load weight of the web app (issue 10): the gzip size of everything the browser fetches
// to show /login and to show the signed-in shell, against a target of 200 kB. It reads the
// built app in apps/web/dist (building it only when there is no Vite manifest there) and
// follows the manifest: index.html, the entry chunk and its static imports, and for each route
// module the page matches, that route's chunk and its static imports; every chunk's CSS comes
// along. Dynamic imports are not followed: they load later, on another screen or when a dialog
// opens. (Checked against Chromium: the same files as a real first load of both pages.) Sizes are
// gzip at level 9, what a server compressing ahead of time would send; 1 kB = 1000 bytes, as Vite
// prints them.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const web = path.join(root, 'apps/web');
const dist = path.join(web, 'dist');
const manifestPath = path.join(dist, '.vite/manifest.json');
const TARGET_KB = 200;

/**
 * The route modules (source paths under apps/web) each page's first load matches, outermost
 * first; the router fetches their chunks before it renders. Keep in step with the route table
 * (apps/web/src/app/router.tsx and the features' route lists).
 */
const pages = [
  { name: '/login', routes: ['src/features/auth/routes/login.tsx'] },
  {
    name: '/{workspaceId}/{slug}/mail-merges/sent',
    routes: [
      'src/features/spaces/components/space-layout.tsx',
      'src/features/shell/components/app-shell-layout.tsx',
      'src/features/mail-merges/components/mail-merges-page.tsx',
      'src/features/mail-merges/components/sent-tab.tsx',
    ],
  },
];

if (!existsSync(manifestPath)) {
  console.log('apps/web/dist has no Vite manifest: building the web app first');
  const build = spawnSync('npm', ['run', 'build', '-w', '@mergeboard/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the web build failed');
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error(`${manifestPath} names no entry chunk`);

/** Every file a chunk brings with it: itself, its CSS and, recursively, its static imports. */
function collect(key, files) {
  const chunk = manifest[key];
  if (files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) collect(imported, files);
}

function weigh(file) {
  const bytes = readFileSync(path.join(dist, file));
  return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

const kB = (bytes) => (bytes / 1000).toFixed(2).padStart(9);

for (const page of pages) {
  const files = new Set();
  collect(entryKey, files);
  const notes = [];
  for (const route of page.routes) {
    if (!existsSync(path.join(web, route)))
      throw new Error(`${route} does not exist: update bench/bundle.mjs`);
    if (manifest[route]) collect(route, files);
    else notes.push(`${route} has no chunk of its own: it loads with the entry or a parent route`);
  }
  const rows = [weigh('index.html'), ...[...files].map(weigh)];
  const total = rows.reduce((sum, row) => ({ raw: sum.raw + row.raw, gzip: sum.gzip + row.gzip }), {
    raw: 0,
    gzip: 0,
  });

  console.log(`\nfirst load of ${page.name}`);
  console.log(`${'file'.padEnd(52)} ${'raw kB'.padStart(9)} ${'gzip kB'.padStart(9)}`);
  for (const row of rows.sort((a, b) => b.gzip - a.gzip)) {
    console.log(`${row.file.padEnd(52)} ${kB(row.raw)} ${kB(row.gzip)}`);
  }
  for (const note of notes) console.log(`  (${note})`);
  const verdict = total.gzip <= TARGET_KB * 1000 ? 'met' : 'NOT MET';
  console.log(
    `${`total (${rows.length} files)`.padEnd(52)} ${kB(total.raw)} ${kB(total.gzip)}  ` +
      `target ≤ ${TARGET_KB} kB gzip: ${verdict}`,
  );
}
