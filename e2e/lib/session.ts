import path from 'node:path';
import type { Page } from 'playwright-core';
import { expectAxeClean } from './axe';
import { screenshotDir } from './browser';
import { completeLocalSignIn } from './sign-in';

/**
 * A full-page screenshot in e2e/screenshots/{name}.png of a state the journey shows a person,
 * which must then be axe-clean at WCAG 2.1 AA (the accessibility gate: every page and dialog a
 * journey takes a picture of is checked, at the width it was taken at).
 */
export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
  await expectAxeClean(page, name);
}

/** Signs in through the built-in issuer as an existing (demo) address; lands on the Sent tab. */
export async function signInAs(page: Page, baseUrl: string, email: string): Promise<string> {
  await page.goto(`${baseUrl}/login`);
  await page.getByRole('button', { name: 'Sign in with your email address' }).click();
  await completeLocalSignIn(page, { email });
  await page.waitForURL(/\/mail-merges\/sent$/);
  return spacePrefixOf(page.url());
}

/** `/{workspaceId}/{slug}` of a space URL. */
export const spacePrefixOf = (url: string) => new URL(url).pathname.split('/').slice(0, 3).join('/');

interface ApiAnswer {
  status: number;
  body: unknown;
}

/**
 * Calls the real API from inside the page with the signed-in person's own access token (the app
 * keeps it in memory only, so the journey asks for one as the app does: the session id cookie and
 * the stored backend id token).
 */
export function callApi(
  page: Page,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  apiPath: string,
  body?: unknown,
): Promise<ApiAnswer> {
  return page.evaluate(
    async ({ method, apiPath, body }) => {
      const sessionId = decodeURIComponent(/(?:^|; )SESSION_ID=([^;]*)/.exec(document.cookie)?.[1] ?? '');
      const backendIdToken = localStorage.getItem('mb.backendIdToken') ?? '';
      const refreshed = await fetch('/api/v1/auth/refresh-token', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${backendIdToken}` },
        body: JSON.stringify({ sessionId }),
      });
      const { accessToken } = (await refreshed.json()) as { accessToken: string };
      const res = await fetch(apiPath, {
        method,
        headers: {
          authorization: `Bearer ${accessToken}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON
      }
      return { status: res.status, body: parsed };
    },
    { method, apiPath, body },
  );
}
