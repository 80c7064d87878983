import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/config';
import type { Database } from '../../db/client';
import { trackingTokens } from '../tracking';
import { applyInboundEvent } from './apply-inbound-event';
import type { InboundEnvelope, InboundEvent } from './inbound-event';

/** What the inbound path needs from where it runs. */
export interface InboundContext {
  database: Database;
  config: Config;
  logger?: Pick<FastifyBaseLogger, 'info'> | undefined;
  /** The user whose own mailbox the message was read from (the Gmail path): only their merges' rows match. */
  mailboxOf?: string | undefined;
}

/** One message that came back, as bytes and envelope, entering the inbound path. */
export type InboundHandler = (
  raw: Buffer,
  envelope: InboundEnvelope,
  context: InboundContext,
) => Promise<void>;

/** The classifier (classify-inbound.ts): a pure function of the bytes and the envelope. */
export type ClassifyInbound = (raw: Buffer, envelope: InboundEnvelope) => Promise<InboundEvent>;

/**
 * The one inbound path (engine design §7): classified, then applied in one idempotent transaction,
 * whatever brought the message (the mailbox simulator, an IMAP mailbox, the Gmail API).
 */
export function receiveInbound(classify: ClassifyInbound): InboundHandler {
  return async (raw, envelope, { database, config, logger, mailboxOf }) => {
    const event = await classify(raw, envelope);
    await applyInboundEvent(database.db, trackingTokens(config.SESSION_SECRET), event, {
      ...(logger ? { logger } : {}),
      ...(mailboxOf ? { mailboxOf } : {}),
    });
  };
}

/**
 * The classifier, loaded with its parser (mailparser) when the first message comes back rather
 * than when a worker starts: most workers never read one.
 */
export const classifyInboundWhenNeeded: ClassifyInbound = async (raw, envelope) =>
  (await import('./classify-inbound')).classifyInbound(raw, envelope);
