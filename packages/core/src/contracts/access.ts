/**
 * Who may call a route. Every line of the server's route table names one of these; the
 * authorisation tests walk the table, so a route cannot exist without a decision here.
 * Space-scoped access (member roles and features) joins this union with the spaces issue.
 */
export type RouteAccess = { kind: 'public' } | { kind: 'signed-in' };

export const ACCESS = {
  public: { kind: 'public' },
  signedIn: { kind: 'signed-in' },
} as const satisfies Record<string, RouteAccess>;
