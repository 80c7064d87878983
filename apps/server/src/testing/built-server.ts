import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The repository's root, where `npm start` runs. */
export const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** The built server's folder (dist/main.js, dist/worker.js and their chunks). */
export const serverDist = path.join(repositoryRoot, 'apps/server/dist');

/** The build `npm start` and the journeys run (scripts/lib/build.mjs), of the server only. */
export async function builtServer(): Promise<void> {
  const script = pathToFileURL(path.join(repositoryRoot, 'scripts/lib/build.mjs')).href;
  const { buildIfStale } = (await import(script)) as { buildIfStale(options: { only: string }): string };
  buildIfStale({ only: 'server' });
}

/** A port nothing listens on right now, for a process the test starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
