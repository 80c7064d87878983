import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/config';
import type { Database } from '../../db/client';
import { defineJob } from '../../jobs/job';
import {
  claimInboxCheck,
  dueGmailSenders,
  GMAIL_CHECK_EVERY_SECONDS,
  GMAIL_RETRY_LATER_SECONDS,
  saveInboxCheck,
} from './gmail-inbox-checks';
import type { CheckEnd } from './gmail-inbound';
import type { InboundHandler } from './receive-inbound';

export const GMAIL_INBOUND_JOB = 'inbound-gmail-inboxes';

/** When a sender is due again after a check that ended so; a stopped one is no longer picked (no read grant). */
const DUE_IN_SECONDS: Record<CheckEnd, number> = {
  checked: GMAIL_CHECK_EVERY_SECONDS,
  more: 0,
  later: GMAIL_RETRY_LATER_SECONDS,
  stopped: GMAIL_CHECK_EVERY_SECONDS,
};

/**
 * Reads the own Gmail of each due sender who granted gmail.readonly and sent a merge lately
 * (gmail-inbox-checks.ts), one after another, each claimed so two workers never read one inbox.
 * One sender's failure is logged and the others are read; their check is due again when its
 * lease ends. Answers the senders read.
 */
export async function checkGmailInboxes(options: {
  database: Database;
  config: Config;
  handle: InboundHandler;
  googleFetch?: typeof fetch | undefined;
  logger?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'> | undefined;
}): Promise<number> {
  const { database, logger } = options;
  if (options.config.signIn.provider !== 'google') return 0;
  const senders = await dueGmailSenders(database.db);
  if (senders.length === 0) return 0;
  // Loaded only when an inbox is due: the OpenID client it brings is megabytes of heap.
  const { readGmailInbox } = await import('./gmail-inbound');
  let read = 0;
  for (const sender of senders) {
    const progress = await claimInboxCheck(database.db, sender);
    if (!progress) continue;
    try {
      const checked = await readGmailInbox(options, sender, progress);
      await saveInboxCheck(database.db, sender.userId, checked.progress, DUE_IN_SECONDS[checked.end]);
      read += 1;
    } catch (error) {
      logger?.error({ err: error, userId: sender.userId }, 'Gmail inbox check failed');
    }
  }
  return read;
}

/** Every minute: the due senders' own Gmail, with Google sign-in configured (else nothing to read). */
export function gmailInboundJob(handle: InboundHandler) {
  return defineJob({
    name: GMAIL_INBOUND_JOB,
    schedule: '* * * * *',
    async run({ database, config, logger }) {
      await checkGmailInboxes({ database, config, handle, logger });
    },
  });
}
