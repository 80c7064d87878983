import { ImapFlow } from 'imapflow';
import type { ImapMailbox } from '../../config/config';
import { scanUnseen, type ReaderLogger } from './imap-scan';
import {
  classifyInboundWhenNeeded,
  receiveInbound,
  type InboundContext,
  type InboundHandler,
} from './receive-inbound';

/**
 * Taken by whichever worker scans the mailbox, so that when several workers run they scan one at
 * a time: the second finds the first's messages already \Seen. It is held for a scan, not for a
 * connection's life: a worker that dies mid-scan frees it with its database session, and none
 * waits on a leader that is gone. Every worker keeps its own connection (IDLE costs the server
 * little); the inbound path's idempotency by Message-ID makes even a doubly read message harmless.
 */
const IMAP_SCAN_LOCK_ID = 727_025;

export interface ImapReaderTiming {
  /** Without IDLE, how often the mailbox is searched for new mail. */
  pollSeconds: number;
  /**
   * With IDLE, how often it is searched anyway: retries what failed, covers a lost notice, and
   * renews IDLE before imapflow's 5-minute socket timeout would end it (servers drop it at 30).
   */
  rescanSeconds: number;
  /** Reconnection waits double from this after each failed attempt… */
  firstBackoffSeconds: number;
  /** …up to this. */
  maxBackoffSeconds: number;
}

const DEFAULT_IMAP_TIMING: ImapReaderTiming = {
  pollSeconds: 30,
  rescanSeconds: 240,
  firstBackoffSeconds: 1,
  maxBackoffSeconds: 300,
};

export interface ImapReaderOptions {
  mailbox: ImapMailbox;
  handle: InboundHandler;
  context: InboundContext;
  logger: ReaderLogger;
  timing?: Partial<ImapReaderTiming>;
}

export interface ImapReader {
  /** Finishes the message in hand, logs out and resolves; the reader never throws. */
  stop(): Promise<void>;
}

/** A wake-up call that is kept when nobody waits yet, so a notice during a scan is not lost. */
class Alarm {
  private rung = false;
  private wake: (() => void) | null = null;

  ring(): void {
    this.rung = true;
    this.wake?.();
  }

  async wait(seconds: number): Promise<void> {
    if (!this.rung) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, seconds * 1000);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    this.wake = null;
    this.rung = false;
  }
}

/**
 * Reads the bounce and reply mailbox (INBOUND_IMAP_URL) into the inbound path for as long as the
 * worker runs: connects, scans the unseen messages, then waits with IDLE where the server offers
 * it (new mail shows as imapflow's `exists` event, which starts the next scan), else polls. Any failure, the connection's or the database's, ends in a reconnection with backoff.
 */
export function startImapReader(options: ImapReaderOptions): ImapReader {
  const timing = { ...DEFAULT_IMAP_TIMING, ...options.timing };
  const { logger } = options;
  let stopped = false;
  // One per connection, so a late notice from a closed one cannot cut the next wait short.
  let alarm = new Alarm();
  const backoff = new Alarm();
  let current: ImapFlow | null = null;

  const run = async () => {
    let failures = 0;
    while (!stopped) {
      const connectionAlarm = new Alarm();
      alarm = connectionAlarm;
      const client: ImapFlow = new ImapFlow({
        host: options.mailbox.host,
        port: options.mailbox.port,
        secure: options.mailbox.secure,
        auth: { user: options.mailbox.user, pass: options.mailbox.pass },
        logger: false,
        // IDLE and polling are this loop's own, started as soon as a scan ends (imapflow's own
        // would start 15 s later, or poll only every 2 minutes).
        disableAutoIdle: true,
      });
      // An 'error' event without a listener would crash the worker; the close that follows it
      // is what the loop acts on.
      client.on('error', (error: Error) => logger.warn({ err: error }, 'IMAP connection error'));
      client.on('exists', () => connectionAlarm.ring());
      client.on('close', () => connectionAlarm.ring());
      current = client;
      try {
        await client.connect();
        await client.mailboxOpen(options.mailbox.mailbox);
        const idle = client.capabilities.has('IDLE');
        logger.info(
          { host: options.mailbox.host, mailbox: options.mailbox.mailbox, idle },
          'reading the bounce mailbox',
        );
        while (!stopped && client.usable) {
          await options.context.database.withAdvisoryLock(IMAP_SCAN_LOCK_ID, () =>
            scanUnseen(client, { ...options, stopping: () => stopped }),
          );
          failures = 0;
          // IDLE lasts until the next scan's first command ends it; how it ends matters not, as
          // a broken connection shows in `usable` and in the close event.
          if (idle) void client.idle().catch(() => undefined);
          await connectionAlarm.wait(idle ? timing.rescanSeconds : timing.pollSeconds);
        }
      } catch (error) {
        logger.warn({ err: error }, 'reading the bounce mailbox failed');
      } finally {
        await closeQuietly(client);
      }
      if (stopped) break;
      const seconds = Math.min(timing.maxBackoffSeconds, timing.firstBackoffSeconds * 2 ** failures);
      failures += 1;
      logger.warn({ seconds }, 'bounce mailbox connection lost; reconnecting');
      await backoff.wait(seconds);
    }
  };

  const running = run();
  return {
    stop: async () => {
      stopped = true;
      // A connection still being made (a server that does not answer) would hold the worker's
      // stop for imapflow's connection timeout; one in use finishes its message and logs out.
      if (current && !current.usable) current.close();
      alarm.ring();
      backoff.ring();
      await running;
    },
  };
}

async function closeQuietly(client: ImapFlow): Promise<void> {
  if (!client.usable) {
    client.close();
    return;
  }
  try {
    await client.logout();
  } catch {
    client.close();
  }
}

/** The worker's reader of INBOUND_IMAP_URL, into the one inbound path (receive-inbound.ts). */
export function readBounceMailbox(
  mailbox: ImapMailbox,
  context: InboundContext & { logger: ReaderLogger },
): ImapReader {
  return startImapReader({
    mailbox,
    handle: receiveInbound(classifyInboundWhenNeeded),
    context,
    logger: context.logger,
  });
}
