import { and, eq, isNotNull } from 'drizzle-orm';
import type { Config } from '../../../config/config';
import type { Database } from '../../../db/client';
import { googleGrants, identities } from '../../../db/schema';
import type { SendingShape } from '../../send-guard';
import { localMailboxTransport } from './local-transport';
import { smtpTransport } from './smtp-transport';
import type { MergeTransport } from './transport';

interface TransportOptions {
  database: Database;
  config: Config;
  senderUserId: string;
  /** How Google is reached (tests stand in for Google's servers here); global fetch otherwise. */
  googleFetch?: typeof fetch;
}

/** The sign-in identity of the sender holding a Gmail grant, if any. */
async function grantedIdentity(database: Database, userId: string): Promise<string | null> {
  const [row] = await database.db
    .select({ id: identities.id })
    .from(identities)
    .innerJoin(googleGrants, eq(googleGrants.identityId, identities.id))
    .where(and(eq(identities.userId, userId), isNotNull(identities.composeGrantedAt)))
    .limit(1);
  return row?.id ?? null;
}

/** How the sender's messages would leave (as transportFor decides), for the sending-domain check. */
export async function sendingShapeFor(options: Omit<TransportOptions, 'googleFetch'>): Promise<SendingShape> {
  const { database, config } = options;
  if (config.signIn.provider === 'google' && (await grantedIdentity(database, options.senderUserId)))
    return { transport: 'gmail' };
  if (config.SMTP_URL) return { transport: 'smtp', relayHost: new URL(config.SMTP_URL).hostname };
  return { transport: 'local' };
}

/**
 * How a merge's messages leave: the sender's own Gmail when Google sign-in is configured and they
 * granted the compose scope; else SMTP_URL; else the local mailbox (the embedded shape).
 */
export async function transportFor(options: TransportOptions): Promise<MergeTransport> {
  const { database, config } = options;
  if (config.signIn.provider === 'google') {
    const identityId = await grantedIdentity(database, options.senderUserId);
    if (identityId) {
      // Loaded only for a Gmail sender (see gmailTransportOf).
      const { gmailTransportOf } = await import('./gmail-transport');
      return gmailTransportOf({ database, config, identityId, googleFetch: options.googleFetch });
    }
  }
  if (config.SMTP_URL) return smtpTransport({ ...config, SMTP_URL: config.SMTP_URL });
  return localMailboxTransport(database, options.senderUserId, config.SMTP_RATE_PER_SECOND);
}
