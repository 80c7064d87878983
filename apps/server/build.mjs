import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

// Bundle our own code (server + the TypeScript core package) and leave npm dependencies external,
// but for drizzle-orm: on Node 24, resolving each of its many ES modules at run time reads and
// parses its 180 kB package.json again, which left a worker at 389 MB of peak memory before its
// first job (Node 20: 104 MB). Bundled, its modules are resolved here, once.
const BUNDLED = ['drizzle-orm'];
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter(
  (name) => !name.startsWith('@mergeboard/') && !BUNDLED.includes(name),
);

/**
 * Our own modules (relative imports and @mergeboard/core) as free of side effects, so a bundle
 * leaves out the ones its entry imports but never calls: the worker's jobs reach feature indexes that also re-export routes, which would
 * bring the HTTP code and the packages only it uses (the OpenAPI tooling, oidc-provider)
 * into the worker. None of our modules is imported for its side effects alone; esbuild warns
 * about any such import it would drop, and a warning fails the build.
 */
const ownModulesArePure = {
  name: 'own-modules-are-pure',
  setup(build) {
    build.onResolve({ filter: /^(\.|@mergeboard\/)/ }, async (args) => {
      if (args.pluginData === 'resolved') return undefined;
      const { resolveDir, kind, importer } = args;
      const resolved = await build.resolve(args.path, { resolveDir, kind, importer, pluginData: 'resolved' });
      return resolved.errors.length > 0 ? resolved : { ...resolved, sideEffects: false };
    });
  },
};

/** main.ts hands a ROLE=worker process over to dist/worker.js, the worker build's own output. */
const workerIsItsOwnBundle = {
  name: 'worker-is-its-own-bundle',
  setup(build) {
    build.onResolve({ filter: /^\.\/worker-main$/ }, () => ({ path: './worker.js', external: true }));
  },
};

/**
 * One bundle: split into chunks (in dist/chunks) that load when their code is first imported, so
 * a process loads only what its role and its senders need (the Gmail path only for a Gmail sender).
 */
async function bundle(entry, plugins) {
  const result = await build({
    entryPoints: [entry],
    outdir: 'dist',
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    sourcemap: true,
    external: [...external, ...external.map((name) => `${name}/*`)],
    plugins,
    metafile: true,
    logLevel: 'warning',
  });
  if (result.warnings.length > 0) throw new Error(`Building ${entry} gave warnings (above)`);
  return Object.keys(result.metafile.outputs).map((file) => path.resolve(file));
}

// dist/worker.js: the production worker (every job, none of the HTTP app). Its own build, because
// esbuild's tree shaking spans all entries of a build: next to main.ts, the routes that the
// server uses would stay in chunks the worker shares.
const worker = await bundle({ in: 'src/worker-main.ts', out: 'worker' }, [ownModulesArePure]);
// dist/spreadsheet-reader.js: the thread an upload is read in (features/spreadsheets/reader-worker.ts),
// started by the server through its path (reader-worker-entry.ts), so it is an entry of its own.
const reader = await bundle({ in: 'src/features/spreadsheets/reader-worker.ts', out: 'spreadsheet-reader' }, [
  ownModulesArePure,
]);
// dist/main.js: the server in the role ROLE names, built last: scripts/lib/build.mjs takes it as
// the marker of a fresh build.
const main = await bundle({ in: 'src/main.ts', out: 'main' }, [workerIsItsOwnBundle]);

// Chunks of earlier builds go once the new ones are written (chunks keep their names while their
// code is unchanged, so a process running the previous build loses none it may still import).
const written = new Set([...worker, ...reader, ...main]);
const chunks = path.resolve('dist/chunks');
for (const file of readdirSync(chunks)) {
  if (!written.has(path.join(chunks, file))) rmSync(path.join(chunks, file));
}
