import type { ReactNode } from 'react';
import { CookiesDisabledScreen } from '../../errors';
import { PageLoader } from '../../../ui/page-loader';
import { useAuthState } from './auth-context';

/**
 * Around every screen: the Whoops page when cookies or storage are blocked (AUTH-027,
 * AUTH-025), a spinner while a stored session is restored, the screens otherwise.
 */
export function AuthGate({ children }: { children: ReactNode }) {
  const { storage, startup } = useAuthState();
  if (storage === 'cookie-error') return <CookiesDisabledScreen />;
  if (startup === 'restoring') return <PageLoader />;
  return children;
}
