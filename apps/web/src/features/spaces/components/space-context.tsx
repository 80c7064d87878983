import { createContext, useContext } from 'react';
import type { CurrentUser, SpacePermissions, UserWorkspace, WorkspaceDetails } from '@mergeboard/core';

/** The active space (the one in the URL, ROUTE-035) and what the user may do in it. */
export interface SpaceContextValue {
  user: CurrentUser;
  space: UserWorkspace;
  /** The server's answer for the space; null while loading, on failure or for a DISABLED space. */
  details: WorkspaceDetails | null;
  permissions: SpacePermissions;
  /** The space's urlPrefix, `/{workspaceId}/{slug}`. */
  prefix: string;
  isPerSeat: boolean;
  /** False while the server's answer for the space is still loading (route guards wait for it). */
  ready: boolean;
}

export const SpaceContext = createContext<SpaceContextValue | null>(null);

/** The active space; only inside the space router. */
export function useSpace(): SpaceContextValue {
  const value = useContext(SpaceContext);
  if (!value) throw new Error('useSpace needs the space router above it (/:workspaceId/:slug)');
  return value;
}

/** The active space, or null outside the space router. */
export function useOptionalSpace(): SpaceContextValue | null {
  return useContext(SpaceContext);
}
