import { screen } from '@testing-library/react';
import type { CurrentUser } from '@mergeboard/core';
import { currentUser, seedStoredSession, signedInRoutes } from './auth-fixtures';
import { fakeServer } from './fake-server';
import type { FakeRoutes } from './fake-server';
import { renderRoute } from './render';

/**
 * Opens `url` as a visitor whose session an earlier page load kept: the app restores it
 * (refresh-token, then 'me') exactly as in the browser. Waits until the app settled.
 */
export async function renderSignedIn(
  url: string,
  { user = currentUser(), routes = {} }: { user?: CurrentUser; routes?: FakeRoutes } = {},
) {
  seedStoredSession();
  const server = fakeServer({ ...signedInRoutes(user), ...routes });
  const rendered = renderRoute(url);
  // The spinner stays until the session is restored and the user loaded.
  await screen.findByRole('main');
  return { ...rendered, server };
}
