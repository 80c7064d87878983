import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Newest modification time of any file below the given paths (skipping dependencies and builds). */
function newestMtime(paths) {
  let newest = 0;
  const walk = (target) => {
    if (!existsSync(target)) return;
    const stat = statSync(target);
    if (stat.isFile()) {
      newest = Math.max(newest, stat.mtimeMs);
      return;
    }
    for (const entry of readdirSync(target)) {
      if (entry === 'node_modules' || entry === 'dist') continue;
      walk(path.join(target, entry));
    }
  };
  paths.forEach((p) => walk(path.join(root, p)));
  return newest;
}

const targets = {
  web: {
    output: 'apps/web/dist/index.html',
    inputs: [
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/public',
      'packages/core/src',
    ],
    workspace: '@mergeboard/web',
  },
  server: {
    output: 'apps/server/dist/main.js',
    inputs: ['apps/server/src', 'apps/server/build.mjs', 'packages/core/src'],
    workspace: '@mergeboard/server',
  },
};

/**
 * Builds the web app and the server bundle (dist/main.js, dist/worker.js and their chunks; one
 * build writes them all, main.js last) when missing or older than their sources; `only` names one.
 */
export function buildIfStale({ force = false, only } = {}) {
  for (const [name, target] of Object.entries(targets)) {
    if (only && name !== only) continue;
    const output = path.join(root, target.output);
    const fresh = existsSync(output) && statSync(output).mtimeMs >= newestMtime(target.inputs);
    if (fresh && !force) continue;
    const started = Date.now();
    process.stdout.write(`Building the ${name}… `);
    // The build's own output (Vite's list of chunks) is shown only when it fails: a first start
    // should say what it does, not print sixty lines of file sizes.
    const result = spawnSync('npm', ['run', 'build', '--silent', '-w', target.workspace], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      // Vitest sets NODE_ENV=test; a build made from the journeys must still be the production one
      // that `npm start` will serve.
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (result.status !== 0) {
      console.log('failed.');
      process.stdout.write(result.stdout ?? '');
      process.stderr.write(result.stderr ?? '');
      throw new Error(`Building the ${name} failed`);
    }
    console.log(`done in ${Math.round((Date.now() - started) / 1000)} s.`);
  }
  return path.join(root, targets.server.output);
}
