import './mantine-styles.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { AuthProvider, createAuthStore } from '../features/auth';
import type { AuthStore } from '../features/auth';
import { AppErrorBoundary } from '../features/errors';
import { cssVariablesResolver, theme } from '../ui/theme';

interface AppProvidersProps {
  queryClient: QueryClient;
  /** The session; one is created for the query client when not given. */
  authStore?: AuthStore;
  children: ReactNode;
  /** 'test' turns off Mantine transitions and portals' delays in component tests. */
  mantineEnv?: 'default' | 'test';
}

/** Everything a screen needs around it, in the app and in component tests alike. */
export function AppProviders({
  queryClient,
  authStore,
  children,
  mantineEnv = 'default',
}: AppProvidersProps) {
  const [store] = useState(() => authStore ?? createAuthStore({ queryClient }));
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
      // All the theme's CSS variables, not only those that differ from Mantine's defaults: the
      // defaults' stylesheet stays out of every first load (mantine-styles.css, issue 10).
      deduplicateCssVariables={false}
      env={mantineEnv}
    >
      <AppErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <AuthProvider store={store}>{children}</AuthProvider>
        </QueryClientProvider>
      </AppErrorBoundary>
    </MantineProvider>
  );
}
