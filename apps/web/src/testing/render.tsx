import { render } from '@testing-library/react';
import type { RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { useLayoutEffect } from 'react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate, useNavigationType } from 'react-router';
import type { Location, NavigateFunction, NavigationType, RouteObject } from 'react-router';
import { AppProviders } from '../app/providers';
import { RouteTree } from '../app/route-tree';
import { createRoutes } from '../app/router';
import { createAuthStore } from '../features/auth';
import type { AuthStore } from '../features/auth';

/** No retries and no garbage collection during a test: a failed query fails at once. */
function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, gcTime: Number.POSITIVE_INFINITY },
      mutations: { retry: false },
    },
  });
}

function providers(queryClient: QueryClient, authStore: AuthStore) {
  return function Wrapper({ children }: { children: ReactNode }) {
    return (
      <AppProviders queryClient={queryClient} authStore={authStore} mantineEnv="test">
        {children}
      </AppProviders>
    );
  };
}

type ProviderOptions = { queryClient?: QueryClient; authStore?: AuthStore };

/**
 * Renders any element inside the app's real providers (theme, query client, session, error
 * boundary). The session reads cookies and storage as the test left them, so seed those first.
 */
export function renderWithProviders(
  ui: ReactElement,
  {
    queryClient = createTestQueryClient(),
    authStore = createAuthStore({ queryClient }),
    ...options
  }: Omit<RenderOptions, 'wrapper'> & ProviderOptions = {},
) {
  return {
    ...render(ui, { wrapper: providers(queryClient, authStore), ...options }),
    queryClient,
    authStore,
    user: userEvent.setup(),
  };
}

/** What a test reads of the memory router and does with it: where it is now, and go elsewhere. */
interface TestRouter {
  state: { location: Location; historyAction: NavigationType };
  navigate: NavigateFunction;
}

function RouterProbe({ report }: { report: (router: TestRouter) => void }) {
  const location = useLocation();
  const historyAction = useNavigationType();
  const navigate = useNavigate();
  useLayoutEffect(() => {
    report({ state: { location, historyAction }, navigate });
  });
  return null;
}

/**
 * Renders the app's real route table at `url` in a memory router, inside the real providers.
 * `routes` replaces the table, e.g. to add a test-only route beside the real ones.
 */
export function renderRoute(
  url: string,
  { routes = createRoutes(), ...options }: { routes?: RouteObject[] } & ProviderOptions = {},
) {
  const router = {} as TestRouter;
  const rendered = renderWithProviders(
    <MemoryRouter initialEntries={[url]}>
      <RouteTree routes={routes} />
      <RouterProbe report={(current) => Object.assign(router, current)} />
    </MemoryRouter>,
    options,
  );
  return { ...rendered, router };
}
