import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { env } from '../config/env';
import { renderRoute } from '../testing/render';

describe('routes while logged out', () => {
  it('ROUTE-002 ROUTE-003: /login shows the sign-in screen', async () => {
    const { router } = renderRoute('/login');
    expect(
      await screen.findByRole('heading', { level: 1, name: `Welcome to ${env.productName}` }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in with your email address' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('ROUTE-004: any other path redirects to /login with the encoded original path and search in continue', async () => {
    const original = '/42/acme-team/mail-merges/sent?search=a b&page=2';
    const { router } = renderRoute(original);

    expect(await screen.findByRole('heading', { name: `Welcome to ${env.productName}` })).toBeInTheDocument();
    const { pathname, search } = router.state.location;
    expect(pathname).toBe('/login');
    expect(search).toBe(
      `?continue=${encodeURIComponent('/42/acme-team/mail-merges/sent?search=a%20b&page=2')}`,
    );
    expect(new URLSearchParams(search).get('continue')).toBe(
      '/42/acme-team/mail-merges/sent?search=a%20b&page=2',
    );
  });

  it('ROUTE-004: the bare / goes to /login without a continue target', async () => {
    const { router } = renderRoute('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByRole('heading', { name: `Welcome to ${env.productName}` })).toBeInTheDocument();
  });
});

describe('screens loaded with their route', () => {
  afterEach(() => {
    vi.doUnmock('../features/auth/routes/login');
  });

  it('SHELL-028: a screen whose code fails to load shows the generic error screen', async () => {
    // The router reports the error on the console; the screen is what we assert.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.doMock('../features/auth/routes/login', () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    renderRoute('/login');
    expect(await screen.findByRole('heading', { name: 'Oops...' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute(
      'href',
      `${window.location.origin}/`,
    );
  });
});
