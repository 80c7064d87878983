import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RouteObject } from 'react-router';
import { createRoutes } from '../../app/router';
import { env } from '../../config/env';
import { renderRoute, renderWithProviders } from '../../testing/render';

function Boom(): never {
  throw new Error('render failed');
}

/** The real route table plus one route that fails, under the real root route. */
function routesWith(extra: RouteObject): RouteObject[] {
  const [root, ...rest] = createRoutes();
  if (!root) throw new Error('route table is empty');
  return [{ ...root, children: [...(root.children ?? []), extra] } as RouteObject, ...rest];
}

async function expectGenericErrorScreen() {
  expect(await screen.findByRole('heading', { name: 'Oops...' })).toBeInTheDocument();
  expect(screen.getByText('Sorry, there was a problem.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute(
    'href',
    `${window.location.origin}/`,
  );
  const persists = screen.getByText(
    (_, element) => element?.tagName === 'P' && element.textContent === 'If the problem persists contact us',
  );
  expect(within(persists).getByRole('link', { name: 'contact us' })).toHaveAttribute('href', env.supportUrl);
}

describe('generic error screen', () => {
  beforeEach(() => {
    // React and the router report the error on the console; the screen is what we assert.
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('SHELL-028: an uncaught render error in a route shows Oops..., the apology, Try again to the origin and contact us', async () => {
    const { router } = renderRoute('/boom', { routes: routesWith({ path: '/boom', Component: Boom }) });
    await expectGenericErrorScreen();

    // The route's own boundary caught it, so the router survives and in-app navigation still works.
    await act(() => router.navigate('/login'));
    expect(await screen.findByRole('heading', { name: /^Welcome to / })).toBeInTheDocument();
  });

  it('SHELL-028: a render error outside the router is caught by the top-level boundary', async () => {
    renderWithProviders(<Boom />);
    await expectGenericErrorScreen();
  });
});
