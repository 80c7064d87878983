import type { Config } from '../../../config/config';
import { createOpenIdClient } from '../../../access/openid-client';
import { createTokenKeys } from '../../../access/tokens';
import type { Database } from '../../../db/client';
import { googleAccessFor, type GoogleAccess } from '../../auth';
import { rawMessage, reasonOf, type MergeMessage, type MergeTransport, type SendOutcome } from './transport';

/** users.messages.send of the Gmail API, for the sender ('me'); the compose scope allows it. */
const GMAIL_SEND_URL = 'https://gmail.googleapis.com/gmail/v1/users/me/messages/send';
const GMAIL_TIMEOUT_MS = 20_000;

/** The message as RFC 5322 bytes, base64url, the way Gmail takes a raw message. */
const gmailRaw = async (message: MergeMessage) =>
  (await rawMessage(message, { keepBcc: true })).toString('base64url');

/**
 * Sends from the sender's own Gmail with the grant their compose sign-in left. A token Gmail
 * refuses is refreshed once; a grant Google no longer honours, a rate limit or Google failing are
 * transient (the merge retries later); a message Gmail rejects as malformed is permanent.
 */
function gmailTransport(access: GoogleAccess): MergeTransport {
  const post = (token: string, raw: string) =>
    access.fetch(GMAIL_SEND_URL, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ raw }),
      signal: AbortSignal.timeout(GMAIL_TIMEOUT_MS),
    });

  async function send(message: MergeMessage): Promise<SendOutcome> {
    const raw = await gmailRaw(message);
    const first = await access.accessToken();
    let response = await post(first.token, raw);
    if (response.status === 401 && !first.refreshed) {
      await response.body?.cancel();
      response = await post(await access.refresh(), raw);
    }
    await response.body?.cancel();
    if (response.ok) return { kind: 'sent', messageId: message.messageId };
    const reason = `Gmail answered HTTP ${response.status}`;
    return response.status === 400 ? { kind: 'permanent', reason } : { kind: 'transient', reason };
  }

  return {
    name: 'gmail',
    async send(message) {
      try {
        return await send(message);
      } catch (error) {
        return { kind: 'transient', reason: reasonOf(error) };
      }
    },
    async close() {},
  };
}

/**
 * The Gmail transport of a sender whose sign-in identity holds the compose grant. transport-for.ts
 * imports this module only for such a sender: the auth feature and the OpenID client it brings are
 * megabytes of heap a worker sending through SMTP would otherwise carry for its whole run.
 */
export function gmailTransportOf(options: {
  database: Database;
  config: Config;
  identityId: string;
  googleFetch?: typeof fetch | undefined;
}): MergeTransport {
  const { database, config } = options;
  const signIn = createOpenIdClient({
    config,
    internalOrigin: () => config.publicUrl,
    fetch: options.googleFetch,
  });
  const keys = createTokenKeys(config.SESSION_SECRET);
  return gmailTransport(googleAccessFor({ db: database.db, keys, signIn }, options.identityId));
}
