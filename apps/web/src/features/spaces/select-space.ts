import { isManager, isOwner, type UserWorkspace } from '@mergeboard/core';
import { readStorage, writeStorage } from '../../lib/browser-storage';

const ACTIVE_SPACE_KEY = 'mb.activeSpace';

/** Remembers the space last shown (the 'current' space of ROUTE-007). */
export function rememberActiveSpace(workspaceId: string): void {
  writeStorage('local', ACTIVE_SPACE_KEY, workspaceId);
}

export function lastActiveSpaceId(): string | null {
  return readStorage('local', ACTIVE_SPACE_KEY);
}

/** Where '/' leads: the space emails are sent from, else the first one. */
export function bestSpace(spaces: readonly UserWorkspace[] | undefined): UserWorkspace | null {
  if (!spaces?.length) return null;
  return spaces.find((space) => space.isSendingWorkspace) ?? spaces[0] ?? null;
}

/** ROUTE-007: a space the user owns, then one they administer, then the current one. */
export function bestBillingSpace(
  spaces: readonly UserWorkspace[] | undefined,
  currentId: string | null,
): UserWorkspace | null {
  if (!spaces?.length) return null;
  return (
    spaces.find((space) => isOwner(space.userRole)) ??
    spaces.find((space) => isManager(space.userRole)) ??
    spaces.find((space) => space.workspaceId === currentId) ??
    bestSpace(spaces)
  );
}

export function findSpace(
  spaces: readonly UserWorkspace[] | undefined,
  workspaceId: string | undefined,
): UserWorkspace | null {
  return spaces?.find((space) => space.workspaceId === workspaceId) ?? null;
}

export function ownedSpaceCount(spaces: readonly UserWorkspace[] | undefined): number {
  return spaces?.filter((space) => isOwner(space.userRole)).length ?? 0;
}
