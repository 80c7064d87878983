/**
 * Honest counts (issue 23): whether a hit on an open pixel, a click redirect or a poll answer was
 * a person's or a machine's — a mail gateway scanning links, a link preview, a prefetcher. Decided
 * from the request alone (this file) and from two timing rules applied where the hit is recorded
 * (the constants below): the README's "How opens and clicks are counted" tells the whole rule.
 */

/** A hit sooner than this after the message was sent is a scanner's: no person opens that fast. */
export const EARLY_HIT_MS = 5_000;
/** Every link of a message (two or more) clicked within this window is a scanner's. */
export const CLICK_BURST_MS = 2_000;
/** The burst rule watches this many links of a message (a bit each in an integer column). */
export const CLICK_BURST_MAX_LINKS = 31;

export type MachineReason = 'head-request' | 'known-agent' | 'no-browser-headers';
export type HitVerdict = { by: 'person' } | { by: 'machine'; reason: MachineReason };

export interface HitRequest {
  method: string;
  headers: Readonly<Record<string, string | string[] | undefined>>;
}

/**
 * Image proxies that load a message's images when a person opens it (Gmail's GoogleImageProxy,
 * Yahoo's YahooMailProxy): their loads are a person's open, though they send few headers.
 */
const PERSON_PROXY = /googleimageproxy|yahoomailproxy/;

/**
 * User agents of machines that follow links or load images without a person: mail security
 * gateways (Barracuda, Mimecast, Proofpoint, Microsoft Safe Links' BingPreview, Symantec /
 * MessageLabs, Trend Micro, FortiGuard, Cisco IronPort), link checkers and previews, HTTP
 * libraries and command-line tools, headless browsers, and anything calling itself a bot, spider
 * or crawler.
 */
const MACHINE_AGENT = new RegExp(
  [
    'barracuda',
    'mimecast',
    'proofpoint',
    'bingpreview',
    'symantec',
    'messagelabs',
    'trend ?micro',
    'forti(guard|net)',
    'ironport',
    'google-safety',
    'google-inspectiontool',
    'curl/',
    'wget',
    'python-(requests|urllib)',
    'aiohttp',
    'go-http-client',
    'libwww-perl',
    'java/',
    'okhttp',
    'apache-httpclient',
    'axios/',
    'node-fetch',
    'undici',
    'headlesschrome',
    'phantomjs',
    'bot\\b',
    'spider',
    'crawl',
    'preview',
    'scanner',
    'facebookexternalhit',
  ].join('|'),
);

const header = (request: HitRequest, name: string): string => {
  const value = request.headers[name];
  return (Array.isArray(value) ? value.join(',') : (value ?? '')).trim();
};

/**
 * A person's hit comes from a browser or a mail client's web view: it says what it is (User-Agent)
 * and what it accepts (Accept), and either its languages (Accept-Language, which every browser
 * sends) or its fetch metadata (Sec-Fetch-*, which Chromium, Firefox and Safari send). HTTP
 * libraries and most scanners send neither.
 */
function hasBrowserHeaders(request: HitRequest): boolean {
  if (!header(request, 'user-agent') || !header(request, 'accept')) return false;
  return header(request, 'accept-language') !== '' || header(request, 'sec-fetch-mode') !== '';
}

/** The request's verdict; the timing rules (EARLY_HIT_MS, CLICK_BURST_MS) come on top of it. */
export function classifyHit(request: HitRequest): HitVerdict {
  if (request.method.toUpperCase() === 'HEAD') return { by: 'machine', reason: 'head-request' };
  const agent = header(request, 'user-agent').toLowerCase();
  if (PERSON_PROXY.test(agent)) return { by: 'person' };
  if (MACHINE_AGENT.test(agent)) return { by: 'machine', reason: 'known-agent' };
  if (!hasBrowserHeaders(request)) return { by: 'machine', reason: 'no-browser-headers' };
  return { by: 'person' };
}
