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
