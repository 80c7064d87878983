// The settings of the benches that load a server with autocannon rounds (request-path,
// hit-endpoints), read from the environment the same way by each; `adminUrl` is every
// PostgreSQL bench's.
export const adminUrl = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
export const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
