/**
 * Who may call a route. Every line of the server's route table names one of these; the
 * authorisation tests walk the table, so a route cannot exist without a decision here.
 * - public: anyone.
 * - signed-in: a live session (the person signed in, an account may not exist yet).
 * - user: a live session whose identity has a Mergeboard account that is not DISABLED.
 * Space-scoped access (member roles and features) joins this union with the spaces issue.
 */
export type RouteAccess = { kind: 'public' } | { kind: 'signed-in' } | { kind: 'user' };

export const ACCESS = {
  public: { kind: 'public' },
  signedIn: { kind: 'signed-in' },
  user: { kind: 'user' },
} as const satisfies Record<string, RouteAccess>;
