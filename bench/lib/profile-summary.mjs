// Summarises a V8 CPU profile (`node --cpu-prof`): the functions and the packages where the
// process spent its own (self) time, optionally only between two monotonic timestamps (µs, the
// clock of process.hrtime, which is the profile's clock too) so start-up does not count.
// Usage: node bench/lib/profile-summary.mjs file.cpuprofile [top] [from µs] [to µs]
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Our server's bundle: dist/main.js, dist/worker.js and the chunks they load. */
const OUR_BUNDLE = /\/dist\/(?:main\.js|worker\.js|chunks\/)/;

/** Where a frame's code lives: a package under node_modules, node itself, or our bundle. */
function moduleOf(url) {
  if (!url) return '(native/V8)';
  if (url.startsWith('node:')) return 'node: core';
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (match) return match[1];
  if (OUR_BUNDLE.test(url)) return 'our server (dist/)';
  return url.replace(/^file:\/\//, '');
}

export function summarizeProfile(file, { from = -Infinity, to = Infinity, top = 25 } = {}) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  // Inclusive (self + callees) time of our own functions: which step of a request costs what.
  const ownInclusive = new Map();
  const selfByFunction = new Map();
  const selfByModule = new Map();
  let time = profile.startTime;
  let total = 0;
  let idle = 0;
  for (let i = 0; i < profile.samples.length; i += 1) {
    time += profile.timeDeltas[i];
    if (time < from || time > to) continue;
    const delta = profile.timeDeltas[i + 1] ?? 0;
    const { callFrame } = nodes.get(profile.samples[i]);
    if (callFrame.functionName === '(idle)') {
      idle += delta;
      continue;
    }
    total += delta;
    const place = callFrame.url ? `${moduleOf(callFrame.url)}:${callFrame.lineNumber + 1}` : '';
    const name = `${callFrame.functionName || '(anonymous)'} ${place}`.trim();
    selfByFunction.set(name, (selfByFunction.get(name) ?? 0) + delta);
    const module = moduleOf(callFrame.url);
    selfByModule.set(module, (selfByModule.get(module) ?? 0) + delta);
    const counted = new Set();
    for (let id = profile.samples[i]; id !== undefined; id = parentOf.get(id)) {
      const frame = nodes.get(id).callFrame;
      if (!OUR_BUNDLE.test(frame.url)) continue;
      const own = `${frame.functionName || '(anonymous)'} :${frame.lineNumber + 1}`;
      if (counted.has(own)) continue;
      counted.add(own);
      ownInclusive.set(own, (ownInclusive.get(own) ?? 0) + delta);
    }
  }
  const pct = (us) => `${((100 * us) / total).toFixed(1)} %`.padStart(7);
  const ranked = (map, n) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n);
  console.log(
    `\nCPU profile ${file}\nbusy ${(total / 1e6).toFixed(1)} s, idle ${(idle / 1e6).toFixed(1)} s; self time by package:`,
  );
  for (const [module, us] of ranked(selfByModule, 15)) console.log(`${pct(us)}  ${module}`);
  console.log(`top ${top} functions by self time:`);
  for (const [name, us] of ranked(selfByFunction, top)) console.log(`${pct(us)}  ${name}`);
  console.log('our own functions (dist/) by inclusive time:');
  for (const [name, us] of ranked(ownInclusive, 15)) console.log(`${pct(us)}  ${name}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [file, top, from, to] = process.argv.slice(2);
  summarizeProfile(file, {
    top: Number(top ?? 25),
    ...(from ? { from: Number(from) } : {}),
    ...(to ? { to: Number(to) } : {}),
  });
}
