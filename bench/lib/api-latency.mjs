// What the PostgreSQL benchmarks that time the API's reads share: one signed-in GET timed on both
// sides (the server's own Server-Timing figure and the whole request over loopback), and the
// median and p95 of many, over BENCH_REQUESTS timed requests (default 50) after BENCH_WARMUP
// warm-ups (default 5).
import { quantile } from './built-server.mjs';
import { sleep } from './processes.mjs';

export const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 50);
export const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);

export const elapsed = (start) => performance.now() - start;
export const fmt = (ms) => `${ms.toFixed(1)} ms`;

/** One GET, body read in full; waits out a 429 from the global rate limit and tries again. */
export async function timedGet(url, token) {
  for (;;) {
    const start = performance.now();
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const body = await response.text();
    const ms = elapsed(start);
    if (response.status === 429) {
      await sleep(Number(response.headers.get('retry-after') ?? 5) * 1000);
      continue;
    }
    if (response.status !== 200) throw new Error(`GET ${url}: ${response.status} ${body.slice(0, 300)}`);
    const serverMs = Number(/dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '')?.[1] ?? NaN);
    return { ms, serverMs, body };
  }
}

export const summarize = (samples) => ({ median: quantile(samples, 0.5), p95: quantile(samples, 0.95) });

/** `runs` timed GETs after `warmup` untimed ones: server and client summaries, and the last body. */
export async function measure(url, token, { runs = REQUESTS, warmup = WARMUP } = {}) {
  let body = '';
  for (let i = 0; i < warmup; i += 1) ({ body } = await timedGet(url, token));
  const client = [];
  const server = [];
  for (let i = 0; i < runs; i += 1) {
    const r = await timedGet(url, token);
    client.push(r.ms);
    server.push(r.serverMs);
  }
  return { server: summarize(server), client: summarize(client), body };
}
