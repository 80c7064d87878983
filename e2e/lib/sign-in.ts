import type { Page } from 'playwright-core';

/** Fills the built-in issuer's page, as a person would. */
export async function completeLocalSignIn(
  page: Page,
  person: { email: string; name?: string },
): Promise<void> {
  await page.waitForURL(/\/oidc\/interaction\//);
  await page.getByLabel('Email address').fill(person.email);
  if (person.name) await page.getByLabel(/^Name/).fill(person.name);
  await page.getByRole('button', { name: 'Continue' }).click();
}
