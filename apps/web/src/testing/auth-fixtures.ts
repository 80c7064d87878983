import type { AuthSession, CurrentUser, UserWorkspace } from '@mergeboard/core';
import { setCookie } from '../lib/cookies';
import { BACKEND_ID_TOKEN_KEY, SESSION_COOKIE } from '../features/auth';
import { json } from './fake-server';
import type { FakeRoutes } from './fake-server';

function base64Url(value: unknown): string {
  return btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An unsigned JWT carrying the given claims (the app only reads the payload). */
function fakeJwt(claims: Record<string, unknown>): string {
  return `${base64Url({ alg: 'none', typ: 'JWT' })}.${base64Url(claims)}.signature`;
}

export const SESSION_ID = 'S'.repeat(43);
const SIGNED_IN = { email: 'pat@gmail.com', name: 'Pat Doe' } as const;

let sessions = 0;

/** A session as the auth calls answer it; each call gives fresh tokens. */
export function authSession(overrides: Partial<AuthSession> = {}): AuthSession {
  sessions += 1;
  return {
    accessToken: `access-${sessions}`,
    idToken: fakeJwt({ email: SIGNED_IN.email, name: SIGNED_IN.name, sub: 'google-123' }),
    backendIdToken: `backend-${sessions}`,
    sessionId: SESSION_ID,
    expiresAt: Date.now() + 60 * 60_000,
    ...overrides,
  };
}

export function userWorkspace(overrides: Partial<UserWorkspace> = {}): UserWorkspace {
  return {
    workspaceId: '6f1c2a7e-3b4d-4e5f-8a9b-0c1d2e3f4a5b',
    workspaceName: "Pat's space",
    workspacePlan: 'FREE',
    userPlan: 'FREE',
    userRole: 'OWNER',
    status: 'ACTIVE',
    workspaceStatus: 'ACTIVE',
    urlPrefix: '/6f1c2a7e-3b4d-4e5f-8a9b-0c1d2e3f4a5b/pats-space',
    legacyPlanType: null,
    isSendingWorkspace: true,
    workspaceUserFeature: {
      hasMultiDomain: false,
      allowedUserCount: 1,
      workspacePlan: 'FREE',
      userPlan: 'FREE',
      otherFeatures: {
        teamAnalyticsDashboard: false,
        manageUserRoles: false,
        transferOwnerShip: false,
        shareUnsubscribesAcrossWorkspace: false,
        shareBouncesAccrossWorkspace: false,
      },
    },
    ...overrides,
  };
}

export function currentUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    userId: 'u-1',
    id: 'u-1',
    userEmail: SIGNED_IN.email,
    userName: SIGNED_IN.name,
    profilePictureUrl: null,
    initials: 'PD',
    type: 'STANDARD',
    isPersonal: true,
    status: 'ACTIVE',
    installationTimestamp: null,
    lastUpdateTimestamp: 1_700_000_000_000,
    domain: null,
    addonWorkspaceId: null,
    freeUserQuota: 20,
    isPerSeat: false,
    license: null,
    totalNumberOfMailsSent: { count: 0 },
    monthlySentMails: [],
    userWorkspaces: [userWorkspace()],
    ...overrides,
  };
}

/** What an earlier page load leaves behind: the session cookie and the backend token. */
export function seedStoredSession(backendIdToken = 'stored-backend-token'): void {
  setCookie(SESSION_COOKIE, SESSION_ID, { days: 36 });
  window.localStorage.setItem(BACKEND_ID_TOKEN_KEY, backendIdToken);
}

/** Routes of a signed-in visitor whose stored session restores: refresh, then 'me'. */
export function signedInRoutes(user: CurrentUser = currentUser()): FakeRoutes {
  return {
    'POST /api/v1/auth/refresh-token': () => json(200, authSession()),
    'GET /api/v2/users/me': json(200, user),
    'POST /api/v1/auth/revoke': json(200, { revoked: true }),
  };
}

/** The owner of acme.example's spaces, a Google Workspace (BUSINESS) account in the per-seat model. */
export const domainOwner = (spaces: UserWorkspace[], overrides: Partial<CurrentUser> = {}) =>
  currentUser({
    userEmail: 'owner@acme.example',
    userName: 'Olivia Bennett',
    type: 'BUSINESS',
    isPersonal: false,
    isPerSeat: true,
    domain: { domainName: 'acme.example' },
    userWorkspaces: spaces,
    ...overrides,
  });
