import type { Browser } from 'playwright-core';
import { completeLocalSignIn } from './sign-in';

/**
 * The invitation link in the local mailbox of `email`, read the way the invited person reads
 * their mail: elsewhere, in a browser of its own, before they have an account here.
 *
 * The mailbox shows a person the mail sent to the address their session proves. A person
 * without an account cannot get such a session through the app (its sign-in finds no account
 * and ends the session), so this reader signs in with the built-in issuer and finishes the token
 * exchange itself, as a mail client would authenticate on its own, then opens /mailbox.
 */
export async function invitationLinkFor(browser: Browser, baseUrl: string, email: string): Promise<string> {
  // Without JavaScript: the issuer's pages and /mailbox are plain HTML, and the app's callback
  // page must not run (it would redeem the code first, and end the session of an address without
  // an account). A route stub cannot stop it: Playwright does not route a redirect's target.
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/api/v1/auth/authorize?prompt=select_account`);
    await completeLocalSignIn(page, { email });
    await page.waitForURL(/\/login\/callback\?/);
    const callback = new URL(page.url()).searchParams;
    const exchanged = await context.request.post(`${baseUrl}/api/v1/auth/token`, {
      data: { code: callback.get('code'), state: callback.get('state') },
    });
    if (!exchanged.ok())
      throw new Error(`token exchange failed: ${exchanged.status()} ${await exchanged.text()}`);

    await page.goto(`${baseUrl}/mailbox`);
    const link = page.getByRole('link', { name: /\/invitations\/.+\/accept$/ }).first();
    const href = await link.getAttribute('href', { timeout: 10_000 });
    if (!href) throw new Error(`no invitation link in the mailbox of ${email}`);
    return href;
  } finally {
    await context.close();
  }
}
