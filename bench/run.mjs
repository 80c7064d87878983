// `npm run bench`: every benchmark script in bench/, one after another. They print figures;
// none of them fails on a number.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const scripts = readdirSync(here).filter((name) => name.endsWith('.mjs') && name !== 'run.mjs');
for (const script of scripts.sort()) {
  console.log(`\n=== ${script}`);
  spawnSync(process.execPath, [path.join(here, script)], { stdio: 'inherit' });
}
