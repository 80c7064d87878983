#!/usr/bin/env node
// Usage: node scripts/maintenance/lockfile-platform-bindings.mjs package-lock.json (after any npm install).
// Adds lockfile entries for unrs-resolver's platform bindings that this machine's registry does not
// serve, so `npm ci` sees the optional dependencies it expects; none of them installs on linux-x64.
import fs from 'node:fs';
const file = process.argv[2];
const lock = JSON.parse(fs.readFileSync(file));
const resolver = lock.packages['node_modules/unrs-resolver'];
for (const [name, version] of Object.entries(resolver.optionalDependencies)) {
  const key = `node_modules/${name}`;
  if (lock.packages[key]) continue;
  const target = name.replace('@unrs/resolver-binding-', '');
  const [os, arch] = target.split('-');
  const entry = { version, dev: true, license: 'MIT', optional: true };
  if (os === 'wasm32') entry.cpu = ['wasm32'];
  else {
    entry.os = [os];
    entry.cpu = [arch === 'arm' ? 'arm' : arch];
  }
  lock.packages[key] = entry;
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
fs.writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
