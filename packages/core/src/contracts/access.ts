import type { Role } from '../constants/domain';

/**
 * Who may call a route. Every line of the server's route table names one of these; the
 * authorisation tests walk the table, so a route cannot exist without a decision here.
 * - public: anyone.
 * - signed-in: a live session (the person signed in, an account may not exist yet).
 * - user: a live session whose identity has a Mergeboard account that is not DISABLED.
 * - space: a user who is a member of the space named by a path parameter (`:id` unless `spaceFrom`
 *   says otherwise; the spec puts a few space ids in the body, which are checked the same way),
 *   with at least `minRole`. Non-members get 404 (the space's existence is not revealed), members
 *   below the role or DISABLED members get 403.
 */
export type SpaceIdSource = { in: 'params' | 'body'; name: string };
export type RouteAccess =
  | { kind: 'public' }
  | { kind: 'signed-in' }
  | { kind: 'user' }
  | { kind: 'space'; minRole: Role; spaceFrom?: SpaceIdSource };

export const ACCESS = {
  public: { kind: 'public' },
  signedIn: { kind: 'signed-in' },
  user: { kind: 'user' },
  spaceMember: { kind: 'space', minRole: 'MEMBER' },
  spaceAdmin: { kind: 'space', minRole: 'ADMIN' },
  spaceOwner: { kind: 'space', minRole: 'OWNER' },
} as const satisfies Record<string, RouteAccess>;
