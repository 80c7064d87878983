/**
 * AUTH-019: how a request for the mail compose scope ended, handed to the page that asked for it
 * in the navigation state of the return trip (`/login/callback` → the `continue` page).
 * 'granted' means the sign-in came back with a code and a session; whether the provider really
 * granted the scope is the server's to say (a call needing it answers compose_permission_required
 * again). 'failed' means the provider answered an error, e.g. access_denied when the person
 * said no; the session the person had is kept.
 */
export type ComposePermissionOutcome = 'granted' | 'failed';

export interface ComposePermissionState {
  composePermission: ComposePermissionOutcome;
}

/** The outcome carried by a location's state, or null when this navigation is not such a return. */
export function composePermissionOutcome(state: unknown): ComposePermissionOutcome | null {
  if (typeof state !== 'object' || state === null) return null;
  const value = (state as Partial<ComposePermissionState>).composePermission;
  return value === 'granted' || value === 'failed' ? value : null;
}
