import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { dmarc } from 'mailauth/lib/dmarc/index.js';
import { spf } from 'mailauth/lib/spf/index.js';
import { getPublicKey } from 'mailauth/lib/tools.js';
import { isPersonalDomain, type SendingDomainCheck } from '@mergeboard/core';
import type { Config } from '../../config/config';
import type { DnsResolve } from './dns-resolver';

type Part = SendingDomainCheck['spf'];

/**
 * How the sender's merge messages leave (transport-for.ts decides the same way): from which
 * address SPF must allow them, and whose DKIM key signs them.
 */
export type SendingShape =
  { transport: 'local' } | { transport: 'smtp'; relayHost: string } | { transport: 'gmail' };

/**
 * The embedded default's local mailbox is this machine: what it captures "arrives" from here.
 * An SPF record allowing it says the domain is ready for a relay on the same host.
 */
const LOCAL_SENDING_ADDRESS = '127.0.0.1';
/**
 * A Gmail API send leaves from Google's servers; SPF is checked for one of their outbound
 * addresses (209.85.128.0/17 is in _spf.google.com's netblocks), which `include:_spf.google.com` allows.
 */
const GOOGLE_SENDING_ADDRESS = '209.85.220.41';
const GOOGLE_SPF_INCLUDE = 'include:_spf.google.com';
/** The selector Google Workspace signs with unless its admin chose another prefix. */
const GOOGLE_DKIM_SELECTOR = 'google';
/** The policy to start with: reports of what would fail, nothing rejected yet. */
const DMARC_TO_PUBLISH = 'v=DMARC1; p=none; adkim=r; aspf=r';

/** DNS answers that mean "no such record", as opposed to a DNS that did not answer. */
const NO_RECORD = new Set(['ENOTFOUND', 'ENODATA', 'EBADNAME']);
const codeOf = (error: unknown) => (error as { code?: string } | null)?.code ?? '';

const part = (status: Part['status'], detail: string, publish?: { name: string; value: string }): Part => ({
  status,
  detail,
  publish: publish ? { type: 'TXT', ...publish } : null,
});

/** The domain's SPF record with `mechanism` added before its `all` (or a new record). */
function spfToPublish(domain: string, mechanism: string, current: string | undefined) {
  const value = current?.toLowerCase().startsWith('v=spf1')
    ? current.replace(/^v=spf1/i, `v=spf1 ${mechanism}`)
    : `v=spf1 ${mechanism} ~all`;
  return { name: domain, value };
}

/** The address SPF is checked for, per transport; null when the SMTP relay's name did not resolve. */
async function sendingAddress(shape: SendingShape): Promise<string | null> {
  if (shape.transport === 'local') return LOCAL_SENDING_ADDRESS;
  if (shape.transport === 'gmail') return GOOGLE_SENDING_ADDRESS;
  if (isIP(shape.relayHost)) return shape.relayHost;
  // The relay is reached the way nodemailer reaches it: the system's resolution (hosts file included).
  return lookup(shape.relayHost, { family: 4 }).then(
    (found) => found.address,
    () => null,
  );
}

async function spfPart(domain: string, shape: SendingShape, ip: string | null, resolve: DnsResolve) {
  if (!ip)
    return part('unchecked', `The SMTP relay's address could not be resolved, so SPF was not checked.`);
  const mechanism =
    shape.transport === 'gmail' ? GOOGLE_SPF_INCLUDE : `${isIP(ip) === 6 ? 'ip6' : 'ip4'}:${ip}`;
  const result = await spf({
    sender: `postmaster@${domain}`,
    ip,
    helo: domain,
    mta: 'mergeboard',
    resolver: resolve,
  });
  const verdict = result.status.result;
  const publish = spfToPublish(domain, mechanism, result.rr);
  if (verdict === 'pass')
    return part('pass', `SPF of ${domain} allows ${ip}, the address merge messages leave from.`);
  if (verdict === 'temperror' || verdict === 'temperr')
    return part('unchecked', `DNS did not answer the SPF lookup of ${domain}.`);
  if (verdict === 'none')
    return part('missing', `${domain} publishes no SPF record; publish one allowing ${ip}.`, publish);
  if (verdict === 'permerror')
    return part(
      'fail',
      `The SPF record of ${domain} is broken (${result.status.comment ?? 'permerror'}).`,
      publish,
    );
  return part(
    'fail',
    `SPF of ${domain} does not allow ${ip}, the address merge messages leave from (${verdict}); add ${mechanism}.`,
    publish,
  );
}

/** The public key as DKIM publishes it: `p=` is the SubjectPublicKeyInfo (RSA) or the raw key (ed25519). */
function dkimValueOf(key: KeyObject): string {
  const der = key.export({ type: 'spki', format: 'der' });
  if (key.asymmetricKeyType === 'ed25519')
    return `v=DKIM1; k=ed25519; p=${der.subarray(-32).toString('base64')}`;
  return `v=DKIM1; k=rsa; p=${der.toString('base64')}`;
}

const sameKey = (a: KeyObject, b: KeyObject) =>
  a.export({ type: 'spki', format: 'der' }).equals(b.export({ type: 'spki', format: 'der' }));

/** The selector's published key: the key, or 'missing', or 'unchecked' when DNS did not answer. */
async function publishedKey(name: string, resolve: DnsResolve) {
  try {
    const { publicKey } = await getPublicKey('DKIM', name, 1024, resolve);
    return createPublicKey(publicKey);
  } catch (error) {
    const code = codeOf(error);
    if (NO_RECORD.has(code) || code.startsWith('EINVALID') || code === 'ESHORTKEY') return 'missing' as const;
    return 'unchecked' as const;
  }
}

/** Whether `signer` signs for `domain` in DMARC's relaxed sense (the domain itself or a parent). */
const signsFor = (signer: string, domain: string) =>
  domain === signer.toLowerCase() || domain.endsWith(`.${signer.toLowerCase()}`);

async function dkimPart(
  domain: string,
  shape: SendingShape,
  dkim: Config['dkim'],
  resolve: DnsResolve,
): Promise<{ part: Part; signer: string | null }> {
  if (shape.transport === 'gmail') {
    const name = `${GOOGLE_DKIM_SELECTOR}._domainkey.${domain}`;
    const found = await publishedKey(name, resolve);
    if (found === 'unchecked')
      return { part: part('unchecked', `DNS did not answer for ${name}.`), signer: null };
    if (found === 'missing')
      return {
        part: part(
          'missing',
          `Google Workspace signs ${domain}'s mail only once its DKIM key is published at ${name}: generate it in the Google Admin console (Apps › Google Workspace › Gmail › Authenticate email) and publish it.`,
          { name, value: 'v=DKIM1; k=rsa; p=(the key the Google Admin console shows)' },
        ),
        signer: null,
      };
    return { part: part('pass', `Google's DKIM key for ${domain} is published at ${name}.`), signer: domain };
  }
  if (!dkim || !signsFor(dkim.domainName, domain)) {
    return {
      part: part(
        'missing',
        `Merge messages from ${domain} are not DKIM-signed: set DKIM_PRIVATE_KEY, DKIM_SELECTOR and ` +
          `DKIM_DOMAIN=${domain}, then publish the public key at <selector>._domainkey.${domain}.`,
      ),
      signer: null,
    };
  }
  const name = `${dkim.keySelector}._domainkey.${dkim.domainName}`;
  const configured = createPublicKey(createPrivateKey(dkim.privateKey));
  const publish = { name, value: dkimValueOf(configured) };
  const found = await publishedKey(name, resolve);
  if (found === 'unchecked')
    return { part: part('unchecked', `DNS did not answer for ${name}.`), signer: null };
  if (found === 'missing')
    return { part: part('missing', `No DKIM key is published at ${name}.`, publish), signer: null };
  if (!sameKey(found, configured))
    return {
      part: part(
        'fail',
        `The DKIM key published at ${name} is not the one DKIM_PRIVATE_KEY signs with: receivers would reject the signature.`,
        publish,
      ),
      signer: null,
    };
  return {
    part: part(
      'pass',
      `The key at ${name} matches DKIM_PRIVATE_KEY; messages are signed for ${dkim.domainName}.`,
    ),
    signer: dkim.domainName,
  };
}

async function dmarcPart(
  domain: string,
  aligned: { spfPassed: boolean; signer: string | null; undecided: boolean },
  resolve: DnsResolve,
) {
  const { spfPassed, signer } = aligned;
  const result = await dmarc({
    headerFrom: `postmaster@${domain}`,
    spfDomains: spfPassed ? [domain] : [],
    dkimDomains: signer ? [{ id: signer, domain: signer }] : [],
    resolver: resolve,
  });
  const publish = { name: `_dmarc.${domain}`, value: DMARC_TO_PUBLISH };
  if (!result) return part('fail', `${domain} is not a domain DMARC can apply to.`);
  const verdict = result.status.result;
  if (verdict === 'temperror' || verdict === 'temperr')
    return part('unchecked', `DNS did not answer the DMARC lookup of ${domain}.`);
  if (verdict === 'none') return part('missing', `${domain} publishes no DMARC policy.`, publish);
  if (verdict === 'permerror') return part('fail', `The DMARC record of ${domain} is broken.`, publish);
  const policy = `p=${result.policy}`;
  if (verdict === 'pass') {
    const { dkim, spf: spfAlignment } = result.alignment;
    const by = dkim.result
      ? `DKIM (${dkim.result}, ${dkim.strict ? 'strict' : 'relaxed'} alignment)`
      : `SPF (${spfAlignment.result}, ${spfAlignment.strict ? 'strict' : 'relaxed'} alignment)`;
    return part('pass', `DMARC policy ${policy} of ${result.policyDomain ?? domain} is met through ${by}.`);
  }
  if (aligned.undecided)
    return part(
      'unchecked',
      `DMARC policy ${policy} is published; whether SPF or DKIM aligns was not answered.`,
    );
  return part(
    'fail',
    `DMARC policy ${policy} is published, but neither DKIM nor SPF passes aligned with ${domain}: fix those first.`,
  );
}

/** A personal Gmail account sends through Google, which publishes and signs everything for it. */
function personalGmailCheck(domain: string): Omit<SendingDomainCheck, 'checkedAt' | 'outcome'> {
  return {
    domain,
    transport: 'gmail',
    sendingHost: "Google's mail servers",
    spf: part(
      'pass',
      `${domain} is Google's own domain: its SPF covers the Gmail servers your messages leave from.`,
    ),
    dkim: part('pass', `Google signs mail from ${domain} accounts with its own DKIM key.`),
    dmarc: part('pass', `Google publishes ${domain}'s DMARC policy and its mail aligns with it.`),
  };
}

/**
 * UNCHECKED when DNS left any part unanswered: the check is incomplete, so it neither passes nor
 * blocks (a FAIL must be definite). Else FAIL when any part fails or is missing, else PASS.
 */
function outcomeOf(parts: readonly Part[]): SendingDomainCheck['outcome'] {
  if (parts.some((p) => p.status === 'unchecked')) return 'UNCHECKED';
  return parts.some((p) => p.status === 'fail' || p.status === 'missing') ? 'FAIL' : 'PASS';
}

const unanswered = (what: string, timeoutMs: number) =>
  part('unchecked', `DNS did not answer the ${what} lookup within ${timeoutMs / 1000} s.`);

/**
 * The pre-flight check of a sending domain (issue 26): SPF for the address the messages leave
 * from, the DKIM key they are signed with, and a DMARC policy aligned with one of them, each by
 * mailauth through `resolve`. What has not answered after `timeoutMs` is 'unchecked'.
 */
export async function checkSendingDomain(options: {
  domain: string;
  shape: SendingShape;
  dkim: Config['dkim'];
  resolve: DnsResolve;
  timeoutMs: number;
  now: Date;
}): Promise<SendingDomainCheck> {
  const { shape, resolve, timeoutMs } = options;
  const domain = options.domain.toLowerCase();
  const checkedAt = options.now.toISOString();
  if (shape.transport === 'gmail' && isPersonalDomain(domain)) {
    return { ...personalGmailCheck(domain), checkedAt, outcome: 'PASS' };
  }
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'timeout'>((resolveDeadline) => {
    timer = setTimeout(() => resolveDeadline('timeout'), timeoutMs);
  });
  const within = async <T>(work: Promise<T>, late: T): Promise<T> => {
    work.catch(() => undefined);
    const first = await Promise.race([work, deadline]);
    return first === 'timeout' ? late : work;
  };
  const failedLookup = (what: string) => (error: unknown) =>
    part('unchecked', `The ${what} lookup failed (${codeOf(error) || String(error)}).`);
  try {
    const address = await within(sendingAddress(shape), null);
    const spfResult = within(
      spfPart(domain, shape, address, resolve).catch(failedLookup('SPF')),
      unanswered('SPF', timeoutMs),
    );
    const dkimResult = within(
      dkimPart(domain, shape, options.dkim, resolve).catch((error: unknown) => ({
        part: failedLookup('DKIM')(error),
        signer: null,
      })),
      { part: unanswered('DKIM', timeoutMs), signer: null },
    );
    const dmarcResult = within(
      (async () => {
        const [spfDone, dkimDone] = await Promise.all([spfResult, dkimResult]);
        const undecided = spfDone.status === 'unchecked' || dkimDone.part.status === 'unchecked';
        return dmarcPart(
          domain,
          { spfPassed: spfDone.status === 'pass', signer: dkimDone.signer, undecided },
          resolve,
        );
      })().catch(failedLookup('DMARC')),
      unanswered('DMARC', timeoutMs),
    );
    const [spfDone, dkimDone, dmarcDone] = await Promise.all([spfResult, dkimResult, dmarcResult]);
    return {
      domain,
      transport: shape.transport,
      sendingHost: address ?? (shape.transport === 'smtp' ? shape.relayHost : ''),
      checkedAt,
      outcome: outcomeOf([spfDone, dkimDone.part, dmarcDone]),
      spf: spfDone,
      dkim: dkimDone.part,
      dmarc: dmarcDone,
    };
  } finally {
    clearTimeout(timer);
  }
}
