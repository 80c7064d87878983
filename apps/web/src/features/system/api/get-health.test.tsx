import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../../lib/access-token';
import { renderWithProviders } from '../../../testing/render';
import { useHealth } from '../index';

function HealthBadge() {
  const health = useHealth();
  if (health.isPending) return <p>Checking…</p>;
  if (health.isError) return <p role="alert">{health.error.message}</p>;
  return (
    <p>
      Server {health.data.status}, database {health.data.database}, version {health.data.version}
    </p>
  );
}

describe('useHealth', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('API-001: loads GET /healthz with the bearer token and shows the parsed answer', async () => {
    setAccessToken('abc');
    const fetchMock = vi.fn<typeof fetch>(async () =>
      Promise.resolve(Response.json({ status: 'ok', database: 'postgres', version: '2.10.28' })),
    );
    vi.stubGlobal('fetch', fetchMock);

    renderWithProviders(<HealthBadge />);

    expect(await screen.findByText('Server ok, database postgres, version 2.10.28')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/healthz');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer abc');
  });

  it('shows the server message when the database is unreachable', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () =>
        Promise.resolve(
          Response.json(
            { error: { code: 'unavailable', message: 'The database is not reachable' } },
            { status: 503 },
          ),
        ),
      ),
    );

    renderWithProviders(<HealthBadge />);

    expect(await screen.findByRole('alert')).toHaveTextContent('The database is not reachable');
  });
});
