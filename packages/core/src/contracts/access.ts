import type { SpacePermission } from '../permissions/space-permissions';

/**
 * Who may call a route. Every line of the server's route table names one of these; the
 * authorisation tests walk the table, so a route cannot exist without a decision here.
 * - public: anyone.
 * - signed-in: a live session (the person signed in, an account may not exist yet).
 * - user: a live session whose identity has an account that is not DISABLED.
 * - space: a member of the space named by a path parameter (`:id` unless `spaceFrom` says
 *   otherwise; the spec puts a few space ids in the body, which are checked the same way) who
 *   holds `permission` (core's gates: role, plan, restrictions, statuses). Non-members and
 *   invited-only people get 404 (the space's existence is not revealed); members without the
 *   permission get 403 with the gate's reason.
 */
export type SpaceIdSource = { in: 'params' | 'body'; name: string };
export type RouteAccess =
  | { kind: 'public' }
  | { kind: 'signed-in' }
  | { kind: 'user' }
  | { kind: 'space'; permission: SpacePermission; spaceFrom?: SpaceIdSource };

/** The access of a space route requiring `permission`. */
export function spaceAccess<P extends SpacePermission>(
  permission: P,
  spaceFrom?: SpaceIdSource,
): { kind: 'space'; permission: P; spaceFrom?: SpaceIdSource } {
  return spaceFrom ? { kind: 'space', permission, spaceFrom } : { kind: 'space', permission };
}

/**
 * The access as one word a reader of the route table (docs/routes.md, OpenAPI's `x-permission`)
 * takes in at a glance: `public`, `signed-in`, `user`, or the space gate (`canInvite`), with where
 * the space id comes from when it is not the path's `:id`.
 */
export function accessLabel(access: RouteAccess): string {
  if (access.kind !== 'space') return access.kind;
  const from = access.spaceFrom;
  return from ? `${access.permission} (space: ${from.in}.${from.name})` : access.permission;
}
