import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];

/** Debian's Chromium, or null; journeys never download a browser of their own. */
const chromiumPath: string | null = candidates.find((p): p is string => !!p && existsSync(p)) ?? null;

const e2eRequired = process.env.E2E_REQUIRED === '1';

/** Journeys run when Chromium is here, and must run (and fail without it) when required. */
export const runJourneys = chromiumPath !== null || e2eRequired;

if (!chromiumPath) {
  const line = '!'.repeat(100);
  console.warn(
    `\n${line}\n!! SKIPPED: browser journeys — no Chromium at ${candidates.filter(Boolean).join(' or ')}.` +
      `\n!! Install it with: apt-get install -y chromium   (CI sets E2E_REQUIRED=1 so this fails there)\n${line}\n`,
  );
}

/**
 * Headless Chromium with the flags this machine needs (no sandbox as root, no background traffic).
 * `userAgent` replaces HeadlessChrome's in every request, also those of sandboxed frames, which a
 * context's userAgent option does not reach.
 */
export function launchBrowser(options: { userAgent?: string } = {}): Promise<Browser> {
  if (!chromiumPath)
    throw new Error('E2E_REQUIRED=1 but no Chromium was found (apt-get install -y chromium)');
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      ...(options.userAgent ? [`--user-agent=${options.userAgent}`] : []),
    ],
  });
}

export const screenshotDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');
mkdirSync(screenshotDir, { recursive: true });

export const viewports = {
  desktop: { width: 1440, height: 900 },
  mobile: { width: 375, height: 812 },
} as const;
