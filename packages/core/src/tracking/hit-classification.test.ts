import { describe, expect, it } from 'vitest';
import { classifyHit, type HitRequest } from './hit-classification';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
const browser = { accept: 'image/avif,image/webp,*/*', 'accept-language': 'en-GB,en;q=0.9' };
const get = (headers: HitRequest['headers']): HitRequest => ({ method: 'GET', headers });

const table: [string, HitRequest, string][] = [
  ['a desktop browser', get({ ...browser, 'user-agent': CHROME }), 'person'],
  ['an iPhone mail client', get({ ...browser, 'user-agent': SAFARI_IPHONE }), 'person'],
  [
    'a browser sending fetch metadata but no languages',
    get({ accept: '*/*', 'user-agent': CHROME, 'sec-fetch-mode': 'no-cors' }),
    'person',
  ],
  [
    "Gmail's image proxy, loading the pixel when the person opens the message",
    get({
      'user-agent':
        'Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)',
    }),
    'person',
  ],
  [
    'a HEAD request, even from a browser',
    { method: 'HEAD', headers: { ...browser, 'user-agent': CHROME } },
    'head-request',
  ],
  ['Microsoft Safe Links', get({ ...browser, 'user-agent': `${CHROME} BingPreview/1.0b` }), 'known-agent'],
  ['Barracuda', get({ ...browser, 'user-agent': 'Barracuda Sentinel (EE)' }), 'known-agent'],
  ['Mimecast', get({ ...browser, 'user-agent': 'Mimecast-URL-Protect/1.0' }), 'known-agent'],
  ['Proofpoint', get({ ...browser, 'user-agent': 'Proofpoint URL Defense' }), 'known-agent'],
  ['Trend Micro', get({ ...browser, 'user-agent': 'TrendMicro Web Reputation' }), 'known-agent'],
  ['FortiGuard', get({ ...browser, 'user-agent': 'FortiGuard URL checker' }), 'known-agent'],
  [
    'a headless browser',
    get({ ...browser, 'user-agent': CHROME.replace('Chrome/', 'HeadlessChrome/') }),
    'known-agent',
  ],
  ['curl', get({ accept: '*/*', 'user-agent': 'curl/8.5.0' }), 'known-agent'],
  ['python-requests', get({ ...browser, 'user-agent': 'python-requests/2.31.0' }), 'known-agent'],
  ['Go', get({ ...browser, 'user-agent': 'Go-http-client/1.1' }), 'known-agent'],
  ['a crawler', get({ ...browser, 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' }), 'known-agent'],
  ['no user agent', get({ ...browser }), 'no-browser-headers'],
  ['no Accept', get({ 'accept-language': 'en', 'user-agent': CHROME }), 'no-browser-headers'],
  [
    'neither languages nor fetch metadata',
    get({ accept: '*/*', 'user-agent': CHROME }),
    'no-browser-headers',
  ],
];

describe('classifying a hit from the request alone (issue 23 honest counts)', () => {
  it.each(table)('MM-013 %s', (_name, request, expected) => {
    const verdict = classifyHit(request);
    expect(verdict.by === 'person' ? 'person' : verdict.reason).toBe(expected);
  });
});
