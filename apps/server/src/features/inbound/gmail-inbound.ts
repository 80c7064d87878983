import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config/config';
import type { Database, Db } from '../../db/client';
import { createOpenIdClient } from '../../access/openid-client';
import { createTokenKeys } from '../../access/tokens';
import {
  callWithGrant,
  ComposeGrantLost,
  forgetInboxReadGrant,
  googleAccessFor,
  GoogleUnavailable,
  refusalReasons,
  type GoogleAccess,
} from '../auth';
import { MAX_INBOUND_BYTES } from './classify-inbound';
import type { GmailSender, InboxProgress } from './gmail-inbox-checks';
import type { InboundHandler } from './receive-inbound';

/** users.messages of the Gmail API, for the person whose token is used ('me'). */
const GMAIL_MESSAGES_URL = 'https://gmail.googleapis.com/gmail/v1/users/me/messages';
const GMAIL_TIMEOUT_MS = 20_000;
/**
 * Each check lists again from this long before the last one: Gmail's search can show a message a
 * little after it arrived, and its `after:` may go by the message's own Date header, which a
 * sender's clock can set early. Messages handled in the overlap are remembered, not fetched twice.
 */
const OVERLAP_MS = 60 * 60_000;
/** Gmail's largest page of messages.list. */
const PAGE_SIZE = 500;
/** Ids one check lists at most (newest first); a sender with more since the last check loses the oldest, logged. */
const MAX_LISTED = 2000;
/** Messages one check fetches at most; the next check goes on from there. */
const MAX_FETCHED = 100;
/**
 * What the person receives, and not what they send or draft (nor spam and trash, which
 * messages.list leaves out): not only the inbox, so a reply archived or filtered away is read too.
 */
const RECEIVED = '-in:sent -in:drafts';
/** Reasons Gmail gives with a 403 that a later try may cure: its rate limits. */
const RATE_LIMIT_REASONS = new Set(['rateLimitExceeded', 'userRateLimitExceeded', 'dailyLimitExceeded']);

const listAnswer = z.object({
  messages: z.array(z.object({ id: z.string().regex(/^[A-Za-z0-9_-]+$/) })).optional(),
  nextPageToken: z.string().optional(),
});
const minimalAnswer = z.object({ sizeEstimate: z.number().int() });
const rawAnswer = z.object({ raw: z.string() });

/** Google said to try later (a rate limit, a failure, no answer): the sender's next check does. */
class GmailLater extends Error {}
/** Gmail refused to let the inbox be read: the read grant is forgotten. */
class ReadGrantLost extends Error {}

/**
 * A GET of the Gmail API with the sender's grant, answering the JSON, or null for a message gone
 * meanwhile (404). A refused token is refreshed once; refused again, the whole grant is forgotten
 * (as the sheets and drafts paths do). A 403 that is no rate limit forgets the read grant alone.
 */
function gmailReader(access: GoogleAccess, identityId: string, db: Db) {
  const get = async (url: string, token: string) => {
    try {
      return await access.fetch(url, {
        headers: { authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(GMAIL_TIMEOUT_MS),
      });
    } catch {
      throw new GmailLater('Gmail could not be reached');
    }
  };
  return async (url: string): Promise<unknown> => {
    const response = await callWithGrant(access, (token) => get(url, token));
    if (response.status === 403) {
      const reasons = await refusalReasons(response);
      if (reasons.some((reason) => RATE_LIMIT_REASONS.has(reason)))
        throw new GmailLater(`Gmail's rate limit (${reasons.join(', ')})`);
      await forgetInboxReadGrant(db, identityId);
      throw new ReadGrantLost(`Gmail refused to let the inbox be read (${reasons.join(', ') || 'HTTP 403'})`);
    }
    if (response.status === 404) {
      await response.body?.cancel();
      return null;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new GmailLater(`Gmail answered HTTP ${response.status}`);
    }
    return response.json().catch(() => {
      throw new GmailLater('Gmail answered with no JSON');
    });
  };
}

/**
 * How a check ended: read up to now; cut short with more to read (due again at once); to be
 * tried later (a rate limit, Google failing); or stopped (the grant is gone).
 */
export type CheckEnd = 'checked' | 'more' | 'later' | 'stopped';

interface ReadOptions {
  database: Database;
  config: Config;
  handle: InboundHandler;
  /** How Google is reached (tests stand in for Google's servers here); global fetch otherwise. */
  googleFetch?: typeof fetch | undefined;
  logger?: Pick<FastifyBaseLogger, 'info' | 'warn'> | undefined;
}

/**
 * Reads what the sender received since the last check from their own Gmail (messages.list, then
 * each message's size with format=minimal and its bytes with format=raw), oldest first, and hands
 * each to the one inbound path as read from their mailbox (`mailboxOf`): replies to their merges
 * and Gmail's bounces (mailer-daemon@googlemail.com) alike. A message larger than the inbound
 * limit is logged and skipped unread. Answers how far it got, and how it ended; a grant Google no
 * longer honours is forgotten, never thrown.
 */
export async function readGmailInbox(
  options: ReadOptions,
  sender: GmailSender,
  progress: InboxProgress,
): Promise<{ progress: InboxProgress; end: CheckEnd }> {
  const { database, config, logger } = options;
  const signIn = createOpenIdClient({
    config,
    internalOrigin: () => config.publicUrl,
    fetch: options.googleFetch,
  });
  const access = googleAccessFor(
    { db: database.db, keys: createTokenKeys(config.SESSION_SECRET), signIn },
    sender.identityId,
  );
  const read = gmailReader(access, sender.identityId, database.db);
  const startedAt = new Date();
  const seen = new Set(progress.recentMessageIds);
  const listed: string[] = [];
  const log = { userId: sender.userId };
  let end: CheckEnd = 'checked';
  try {
    const after = Math.floor((progress.checkedUntil.getTime() - OVERLAP_MS) / 1000);
    const query = new URLSearchParams({ q: `after:${after} ${RECEIVED}`, maxResults: String(PAGE_SIZE) });
    let pageToken: string | undefined;
    do {
      if (pageToken) query.set('pageToken', pageToken);
      const page = listAnswer.safeParse(await read(`${GMAIL_MESSAGES_URL}?${query}`));
      if (!page.success) throw new GmailLater('Gmail answered messages.list without a message list');
      listed.push(...(page.data.messages ?? []).map((message) => message.id));
      pageToken = page.data.nextPageToken;
    } while (pageToken && listed.length < MAX_LISTED);
    if (pageToken)
      logger?.warn(
        { ...log, listed: listed.length },
        'Gmail inbox: more mail than one check lists; the oldest is skipped',
      );

    // Gmail lists newest first; oldest first, a check cut short leaves the newest for the next.
    const due = listed.filter((id) => !seen.has(id)).reverse();
    for (const id of due.slice(0, MAX_FETCHED)) {
      await fetchAndHandle(options, read, sender, id);
      seen.add(id);
    }
    if (due.length > MAX_FETCHED) end = 'more';
  } catch (error) {
    if (error instanceof ComposeGrantLost || error instanceof ReadGrantLost) {
      logger?.warn(
        { ...log, reason: error.message },
        'Gmail inbox: the read grant is gone; no longer checked',
      );
      end = 'stopped';
    } else if (error instanceof GmailLater || error instanceof GoogleUnavailable) {
      logger?.warn({ ...log, reason: error.message }, 'Gmail inbox: checked again later');
      end = 'later';
    } else {
      throw error;
    }
  }
  // Read to the end, the next check lists from now (less the overlap); cut short, from where this
  // one started. Ids no longer listed have left the overlap; if the listing broke off, all are kept.
  const listedAll = end === 'checked' || end === 'more';
  return {
    progress: {
      checkedUntil: end === 'checked' ? startedAt : progress.checkedUntil,
      recentMessageIds: listedAll ? listed.filter((id) => seen.has(id)) : [...seen],
    },
    end,
  };
}

async function fetchAndHandle(
  options: ReadOptions,
  read: (url: string) => Promise<unknown>,
  sender: GmailSender,
  id: string,
): Promise<void> {
  const { database, config, logger } = options;
  const url = `${GMAIL_MESSAGES_URL}/${id}`;
  const minimal = await read(`${url}?format=minimal`);
  if (minimal === null) return;
  const size = minimalAnswer.safeParse(minimal);
  if (!size.success || size.data.sizeEstimate > MAX_INBOUND_BYTES) {
    logger?.info(
      { userId: sender.userId, gmailId: id, sizeEstimate: size.data?.sizeEstimate },
      'Gmail inbox: message skipped unread (too large, or no size)',
    );
    return;
  }
  const message = rawAnswer.safeParse(await read(`${url}?format=raw`));
  if (!message.success) {
    logger?.info({ userId: sender.userId, gmailId: id }, 'Gmail inbox: message skipped (gone, or no raw)');
    return;
  }
  await options.handle(
    Buffer.from(message.data.raw, 'base64url'),
    { to: [] },
    { database, config, logger, mailboxOf: sender.userId },
  );
}
