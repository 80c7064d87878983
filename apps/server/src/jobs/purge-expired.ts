import { lt } from 'drizzle-orm';
import { sessions } from '../db/schema';
import { defineJob } from './job';

/** Expired sessions are useless and hold hashed secrets: delete them every quarter hour. */
export const purgeExpiredSessions = defineJob({
  name: 'purge-expired-sessions',
  schedule: '*/15 * * * *',
  async run({ database }) {
    await database.db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
  },
});

/** Rate-limit windows that have ended are kept only until this sweep. */
export const purgeExpiredRateLimits = defineJob({
  name: 'purge-expired-rate-limits',
  schedule: '*/5 * * * *',
  async run({ database }) {
    await database.execute('DELETE FROM rate_limits WHERE reset_at < now()', []);
  },
});
