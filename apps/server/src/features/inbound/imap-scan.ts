import type { ImapFlow } from 'imapflow';
import type pino from 'pino';
import { MAX_INBOUND_BYTES } from './classify-inbound';
import type { InboundContext, InboundHandler } from './receive-inbound';

/** UIDs whose sizes one FETCH asks for: a backlog of thousands goes in commands of bounded length. */
const SIZES_PER_FETCH = 200;

export type ReaderLogger = Pick<pino.Logger, 'info' | 'warn'>;

export interface ScanOptions {
  handle: InboundHandler;
  context: InboundContext;
  logger: ReaderLogger;
  /** Asked between messages, so a stopping worker finishes the message in hand and no more. */
  stopping: () => boolean;
}

/**
 * Hands every unseen message of the open mailbox to the inbound path, then flags it \Seen.
 *
 * Messages are flagged, never deleted: the mailbox may also hold people's replies, which someone
 * may want to read, and the operator's own retention keeps its size in check. A message whose
 * handling throws (the database unreachable, say) stays unseen, so the next scan tries it again;
 * the classifier itself never throws, so only a transient failure can leave one behind.
 */
export async function scanUnseen(client: ImapFlow, options: ScanOptions): Promise<void> {
  const { stopping } = options;
  const unseen = await client.search({ seen: false }, { uid: true });
  if (!unseen) return;
  for (let start = 0; start < unseen.length && !stopping(); start += SIZES_PER_FETCH) {
    await readBatch(client, unseen.slice(start, start + SIZES_PER_FETCH), options);
  }
}

async function readBatch(client: ImapFlow, uids: number[], options: ScanOptions): Promise<void> {
  const { handle, context, logger, stopping } = options;
  // Sizes first, sources one at a time: an oversized message is never downloaded, and no
  // command may run while a fetch is being iterated.
  const listed: { uid: number; size: number }[] = [];
  for await (const message of client.fetch(uids, { uid: true, size: true }, { uid: true })) {
    listed.push({ uid: message.uid, size: message.size ?? 0 });
  }
  for (const { uid, size } of listed) {
    if (stopping()) return;
    if (size > MAX_INBOUND_BYTES) {
      logger.info({ uid, size }, 'inbound message ignored: too large, not downloaded');
      await markSeen(client, uid);
      continue;
    }
    const message = await client.fetchOne(String(uid), { source: true }, { uid: true });
    // Gone since the search (another client expunged it): nothing to read.
    if (!message || !message.source) continue;
    try {
      // The SMTP envelope is not kept by the mailbox; the classifier reads Delivered-To and To.
      await handle(message.source, { to: [] }, context);
    } catch (error) {
      logger.warn({ uid, err: error }, 'inbound message not applied; left unseen for the next scan');
      continue;
    }
    await markSeen(client, uid);
  }
}

async function markSeen(client: ImapFlow, uid: number): Promise<void> {
  await client.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true });
}
