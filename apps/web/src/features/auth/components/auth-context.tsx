import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import type { AuthState, AuthStore } from '../session/auth-state';

const AuthStoreContext = createContext<AuthStore | null>(null);

/** Makes `store` the app's session and connects it to the page while mounted. */
export function AuthProvider({ store, children }: { store: AuthStore; children: ReactNode }) {
  useEffect(() => store.attach(), [store]);
  return <AuthStoreContext.Provider value={store}>{children}</AuthStoreContext.Provider>;
}

export function useAuthStore(): AuthStore {
  const store = useContext(AuthStoreContext);
  if (!store) throw new Error('useAuthStore needs an <AuthProvider> above it (see app/providers.tsx)');
  return store;
}

/** The auth state (AUTH-021), re-rendering when it changes. */
export function useAuthState(): AuthState {
  const store = useAuthStore();
  return useSyncExternalStore(store.subscribe, store.getState);
}

/** The auth state plus the session actions: sign in, log out, switch account, ask for compose. */
export function useAuth() {
  const store = useAuthStore();
  const state = useAuthState();
  return {
    ...state,
    startSignIn: store.startSignIn,
    logout: store.logout,
    switchAccount: store.switchAccount,
    requestComposePermission: store.requestComposePermission,
  };
}
