import type { Role } from '../constants/domain';

const RANKS: Record<Role, number> = { MEMBER: 0, ADMIN: 1, OWNER: 2 };

/** PERM-001: roles are ordered MEMBER (0) < ADMIN (1) < OWNER (2). */
export function roleRank(role: Role): number {
  return RANKS[role];
}

/** True when the role is `min` or above; a missing role (not a member of the space) never is. */
export function hasRoleAtLeast(role: Role | null | undefined, min: Role): boolean {
  return role != null && roleRank(role) >= roleRank(min);
}

/** PERM-002: owners and admins count as managers. */
export function isManager(role: Role | null | undefined): boolean {
  return hasRoleAtLeast(role, 'ADMIN');
}

/** PERM-008: the owner of the space (its general settings, its transfer, its seats). */
export function isOwner(role: Role | null | undefined): boolean {
  return role === 'OWNER';
}

/**
 * SHELL-020: choosing a space in the space menu opens its settings: General for its owner (the
 * only one who may see it, PERM-008, ROUTE-017), Users for anyone else.
 */
export function settingsPageOf(role: Role): 'general' | 'users' {
  return isOwner(role) ? 'general' : 'users';
}

/** PERM-001: the role helpers compare roles in this order (lowest first). */
export function compareRoles(a: Role, b: Role): number {
  return roleRank(a) - roleRank(b);
}
