import type { Database } from '../db/client';

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A @fastify/rate-limit store kept in PostgreSQL, so every server process counts against the
 * same window (RELIABILITY: nothing shared lives in process memory when scaled out). One upsert
 * per request: it starts a new window when the old one has ended, else increments.
 */
export function postgresRateLimitStore(database: Database) {
  return class PostgresRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = 'global:',
    ) {}

    incr(key: string, callback: IncrCallback, timeWindow: number): void {
      database
        .execute(
          `INSERT INTO rate_limits (key, count, reset_at)
           VALUES ($1, 1, now() + make_interval(secs => $2::double precision / 1000))
           ON CONFLICT (key) DO UPDATE SET
             count = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.count + 1 END,
             reset_at = CASE WHEN rate_limits.reset_at <= now() THEN excluded.reset_at ELSE rate_limits.reset_at END
           RETURNING count, GREATEST(0, ceil(extract(epoch FROM reset_at - now()) * 1000))::bigint AS ttl`,
          [this.prefix + key, timeWindow],
        )
        .then(({ rows }) => {
          const row = rows[0] as { count: number | string; ttl: number | string };
          callback(null, { current: Number(row.count), ttl: Number(row.ttl) });
        })
        .catch((error: Error) => callback(error));
    }

    child(routeOptions: object) {
      const route = (routeOptions as { routeInfo?: { method?: string; url?: string } }).routeInfo;
      return new PostgresRateLimitStore(routeOptions, `${route?.method ?? ''}${route?.url ?? 'route'}:`);
    }
  };
}
