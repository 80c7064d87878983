// `npm test`: typecheck, lint and format check, then every Vitest project (unit, integration on
// PGlite — and on PostgreSQL when DATABASE_URL is set —, components, browser journeys).
// Ends with one plain line `N passed, N failed, N skipped` totalling all of it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { root } from './lib/build.mjs';

const run = (command, args, env = {}) =>
  spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status === 0;

const typecheckProjects = ['packages/core', 'apps/server', 'apps/web', 'e2e', 'bench', 'tooling'].filter(
  (dir) => existsSync(path.join(root, dir, 'tsconfig.json')),
);
const checks = [
  ['typecheck', () => typecheckProjects.every((dir) => run('npx', ['tsc', '--noEmit', '-p', dir]))],
  ['lint', () => run('npx', ['eslint', '.', '--max-warnings', '0'])],
  ['format', () => run('npx', ['prettier', '--check', '.', '--log-level', 'warn'])],
];

let checksPassed = 0;
const failedChecks = [];
for (const [name, check] of checks) {
  console.log(`\n▶ ${name}`);
  if (check()) checksPassed += 1;
  else failedChecks.push(name);
}

console.log('\n▶ tests');
const report = path.join(mkdtempSync(path.join(tmpdir(), 'mb-test-')), 'vitest.json');
run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]);

let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync(report)) {
  const results = JSON.parse(readFileSync(report, 'utf8'));
  passed = results.numPassedTests;
  failed = results.numFailedTests + (results.numFailedTestSuites > 0 && results.numFailedTests === 0 ? 1 : 0);
  skipped = results.numPendingTests + results.numTodoTests;
} else {
  failed = 1; // Vitest could not even start.
}

console.log('');
console.log(
  `Checks: ${checksPassed} passed${failedChecks.length ? `, failed: ${failedChecks.join(', ')}` : ''}`,
);
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
if (skipped > 0) console.log('Some tests were skipped — see the SKIPPED lines above.');
console.log(`${passed + checksPassed} passed, ${failed + failedChecks.length} failed, ${skipped} skipped`);
process.exit(failed + failedChecks.length > 0 ? 1 : 0);
