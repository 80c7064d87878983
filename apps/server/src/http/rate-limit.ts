import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { AppError } from './app-error';

/**
 * Where @fastify/rate-limit counts, and why (ARCHITECTURE §1: a read never writes to the
 * database on its hot path; the limits that must be shared count in Redis when scaled out):
 *
 * - the global limit on reads (GET, HEAD, OPTIONS) counts in this process's memory, always. A
 *   read costs no database write and no network round trip for its counter; behind N processes
 *   a client may read N times the limit, which still bounds the load on each process.
 * - the global limit on mutations, and every route's own limit (sign-in, token, refresh, events,
 *   drafts), count in Redis when REDIS_URL is set, so a client meets the same window on every
 *   process; without REDIS_URL (one process, the embedded shape) they count in memory too.
 *
 * Reads and mutations of one client are two windows: the key says which (`read:` / `write:`).
 * When Redis does not answer in time the count falls back to this process's memory, so the
 * limit degrades to per-process for that moment rather than failing requests or lifting it.
 */
interface RateLimitOptions {
  max: number;
  timeWindow: number | string;
  /** Shared counters; null or absent counts everything in process memory. */
  redisUrl?: string | null;
  /** Prefix of the Redis keys, so deployments (and test runs) sharing a Redis keep apart. */
  namespace?: string;
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const READ = 'read:';
const WRITE = 'write:';
/** A Redis answer slower than this is not waited for: the request is counted in memory instead. */
const REDIS_TIMEOUT_MS = 250;
const WARN_EVERY_MS = 60_000;

type Count = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Count) => void;

/**
 * Fixed windows in a Map: a key's window starts with its first request. Expired windows are swept
 * when the map grows past a bound, and the oldest entries go when it is still too big, so a flood
 * of new addresses cannot grow memory without limit.
 */
export class MemoryCounter {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();

  constructor(private readonly maxKeys = 20_000) {}

  incr(key: string, timeWindow: number, now = Date.now()): Count {
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      if (!window && this.windows.size >= this.maxKeys) this.sweep(now);
      window = { count: 0, endsAt: now + timeWindow };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { current: window.count, ttl: window.endsAt - now };
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
    const excess = this.windows.size - Math.floor(this.maxKeys * 0.9);
    if (excess <= 0) return;
    let dropped = 0;
    for (const key of this.windows.keys()) {
      if (dropped >= excess) break;
      this.windows.delete(key);
      dropped += 1;
    }
  }
}

// INCR and, on a window's first request, PEXPIRE: a fixed window per key; answers count and ttl.
const INCR_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {current, ttl}`;

type SharedRedis = Redis & {
  rateLimitIncr(key: string, windowMs: number): Promise<[number, number]>;
};

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error as Error);
      },
    );
  });
}

/** The store class @fastify/rate-limit instantiates: memory for reads, Redis (if any) for the rest. */
function tieredStore(options: {
  memory: MemoryCounter;
  redis: SharedRedis | null;
  namespace: string;
  onRedisError: (error: Error) => void;
}) {
  const { memory, redis } = options;
  return class TieredRateLimitStore {
    constructor(
      _params: unknown,
      /** '' for the global limit; the route for a route's own limit. */
      private readonly route = '',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      const local = `${this.route}${key}`;
      const shared = redis && (this.route !== '' || !key.startsWith(READ));
      if (!shared) {
        callback(null, memory.incr(local, timeWindow));
        return;
      }
      withTimeout(redis.rateLimitIncr(`${options.namespace}${local}`, timeWindow), REDIS_TIMEOUT_MS).then(
        ([current, ttl]) => callback(null, { current: Number(current), ttl: Number(ttl) }),
        (error: Error) => {
          options.onRedisError(error);
          callback(null, memory.incr(local, timeWindow));
        },
      );
    }

    child(routeOptions: object) {
      const { routeInfo } = routeOptions as { routeInfo?: { method?: string | string[]; url?: string } };
      const { method = '', url = '' } = routeInfo ?? {};
      return new TieredRateLimitStore(routeOptions, `${String(method)} ${url} `);
    }
  };
}

/** read: or write: by method, then the client address as @fastify/rate-limit keys it by default. */
function rateLimitKey(request: FastifyRequest): string {
  return (READ_METHODS.has(request.method) ? READ : WRITE) + normalizeIP(request.ip);
}

/** Registers the global limit on /api/ (and the store that per-route limits share). */
export async function registerRateLimit(app: FastifyInstance, options: RateLimitOptions): Promise<void> {
  let redis: SharedRedis | null = null;
  if (options.redisUrl) {
    redis = new Redis(options.redisUrl, {
      // Fail fast rather than queue: a request never waits for Redis to come back.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout: 2_000,
    }) as SharedRedis;
    redis.defineCommand('rateLimitIncr', { numberOfKeys: 1, lua: INCR_SCRIPT });
    redis.on('error', () => undefined); // reported through onRedisError when it matters
    app.addHook('onClose', async () => {
      redis?.disconnect();
    });
  }
  let warnedAt = 0;
  await app.register(fastifyRateLimit, {
    global: true,
    max: options.max,
    timeWindow: options.timeWindow,
    keyGenerator: rateLimitKey,
    store: tieredStore({
      memory: new MemoryCounter(),
      redis,
      namespace: options.namespace ?? 'mergeboard:rate-limit:',
      onRedisError: (error) => {
        if (Date.now() - warnedAt < WARN_EVERY_MS) return;
        warnedAt = Date.now();
        app.log.warn({ err: error }, 'rate limit: Redis unavailable, counting in this process meanwhile');
      },
    }),
    // Static files and health probes are cheap and polled; limits guard the API.
    allowList: (request) => !request.url.startsWith('/api/'),
    // Thrown by the plugin, so it goes through the one error handler like every other failure.
    errorResponseBuilder: (_request, detail) =>
      new AppError('rate_limited', `Too many requests; try again in ${detail.after}`),
  });
}
