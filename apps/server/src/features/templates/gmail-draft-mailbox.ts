import { z } from 'zod';
import { AppError } from '../../http/app-error';
import {
  callWithGrant,
  ComposeGrantLost,
  GoogleUnavailable,
  refusalReasons,
  type GoogleAccess,
} from '../auth';
import { composePermissionRequired } from './compose-permission';
import type { DraftMailbox, NewDraft } from './draft-mailbox';

/** users.drafts.create of the Gmail API, for the signed-in person ('me'). */
const GMAIL_DRAFTS_URL = 'https://gmail.googleapis.com/gmail/v1/users/me/drafts';
const GMAIL_TIMEOUT_MS = 20_000;
const CRLF = '\r\n';

const draftAnswer = z.object({ id: z.string(), message: z.object({ id: z.string().min(1) }) });

/**
 * A header value on one line: control characters (CR and LF above all) become a space, so a
 * template's subject can never end its header and start another.
 */
function oneLine(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
}

/**
 * The Subject header's value: plain when it is printable ASCII that cannot be read as an
 * encoded-word, else RFC 2047 encoded-words (UTF-8, base64) of whole characters, each within the
 * 75-character limit, folded onto continuation lines.
 */
function encodeSubject(subject: string): string {
  const text = oneLine(subject);
  if (/^[\x20-\x7e]*$/.test(text) && !text.includes('=?') && text.length <= 900) return text;
  const words: string[] = [];
  let chunk = '';
  for (const character of text) {
    // 45 bytes encode to 60 base64 characters; with `=?UTF-8?B?` and `?=` a word stays at 72.
    if (chunk && Buffer.byteLength(chunk + character, 'utf8') > 45) {
      words.push(chunk);
      chunk = '';
    }
    chunk += character;
  }
  if (chunk) words.push(chunk);
  return words.map((word) => `=?UTF-8?B?${Buffer.from(word, 'utf8').toString('base64')}?=`).join(`${CRLF} `);
}

/** The RFC 2822 message of a draft: the template's subject and its HTML body (base64, 76-column lines). */
function draftMessage(draft: Pick<NewDraft, 'subject' | 'body'>): string {
  const body = Buffer.from(draft.body, 'utf8')
    .toString('base64')
    .replace(/.{1,76}/g, `$&${CRLF}`);
  return [
    'MIME-Version: 1.0',
    `Subject: ${encodeSubject(draft.subject)}`,
    'Content-Type: text/html; charset=UTF-8',
    'Content-Transfer-Encoding: base64',
    '',
    body,
  ].join(CRLF);
}

/** Reasons Gmail gives with a 403 that are not about the person's grant (quota, API disabled). */
const NOT_GRANT_REASONS = new Set([
  'rateLimitExceeded',
  'userRateLimitExceeded',
  'dailyLimitExceeded',
  'quotaExceeded',
  'RATE_LIMIT_EXCEEDED',
  'accessNotConfigured',
  'SERVICE_DISABLED',
]);

const gmailUnavailable = (why: string) =>
  new AppError('gmail_unavailable', `The Gmail draft could not be created: ${why}; try again later`);

/**
 * TPL-007 / TPL-008 with Google sign-in: the template becomes a draft in the person's Gmail
 * (users.drafts.create, which the compose scope allows), and its message id is the answer. Nothing
 * is written to Mergeboard's drafts table. A token Gmail refuses is refreshed once; refused again,
 * or refused for want of the scope, the grant is forgotten and the import answers 403
 * compose_permission_required so the web app asks again. Google unreachable or failing: 502.
 */
export function gmailDraftMailbox(access: GoogleAccess): DraftMailbox {
  const post = async (token: string, raw: string) => {
    try {
      return await access.fetch(GMAIL_DRAFTS_URL, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ message: { raw } }),
        signal: AbortSignal.timeout(GMAIL_TIMEOUT_MS),
      });
    } catch {
      throw gmailUnavailable('Gmail could not be reached');
    }
  };

  async function create(draft: NewDraft): Promise<{ messageId: string }> {
    const raw = Buffer.from(draftMessage(draft), 'utf8').toString('base64url');
    const response = await callWithGrant(access, (token) => post(token, raw));
    if (response.status === 403) {
      const reasons = await refusalReasons(response);
      if (!reasons.some((reason) => NOT_GRANT_REASONS.has(reason))) {
        await access.forget();
        throw new ComposeGrantLost('Gmail refused the access token for want of the compose scope');
      }
      throw gmailUnavailable(`Gmail answered HTTP 403 (${reasons.join(', ')})`);
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw gmailUnavailable(`Gmail answered HTTP ${response.status}`);
    }
    const answer = draftAnswer.safeParse(await response.json().catch(() => null));
    if (!answer.success) throw gmailUnavailable('Gmail answered without a draft message id');
    return { messageId: answer.data.message.id };
  }

  return {
    provider: 'GMAIL',
    async createDraft(draft) {
      try {
        return await create(draft);
      } catch (error) {
        if (error instanceof ComposeGrantLost) throw composePermissionRequired('lost');
        if (error instanceof GoogleUnavailable) throw gmailUnavailable(error.message);
        throw error;
      }
    },
  };
}
