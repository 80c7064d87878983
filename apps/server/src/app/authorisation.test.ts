import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DRAFT_SOURCES,
  errorBodySchema,
  type LegacyType,
  type UserPlan,
  type WorkspacePlan,
  type WorkspaceStatus,
} from '@mergeboard/core';
import { memberships, rolloutStatus, users, workspaces } from '../db/schema';
import { seedDemo } from '../embedded/demo';
import { signedInAs } from '../testing/sessions';
import { createTestApp, type TestApp } from '../testing/test-app';
import { routes } from './routes';

/**
 * The authorisation table (RELIABILITY: access control; PERM-*): every space route, called by six
 * identities — anonymous, a non-member, a DISABLED member, MEMBER, ADMIN, OWNER — in a fresh
 * space of each plan, in a DISABLED space, and with every rollout restriction in force. The
 * expected statuses are written out, so a route whose rule changes, or a new route, fails here.
 */
const IDENTITIES = ['anonymous', 'nonMember', 'disabled', 'member', 'admin', 'owner'] as const;
type Identity = (typeof IDENTITIES)[number];
type Statuses = [number, number, number, number, number, number];

/** Where the call runs: the space's plan and status, and the rollout step of its members. */
interface Variant {
  plan: WorkspacePlan;
  legacyType?: LegacyType;
  status?: WorkspaceStatus;
  /**
   * Step 1: every restriction in force for these company-domain users (PERM-039 PERM-040 PERM-041 PERM-042
   * PERM-043 PERM-044 PERM-045 PERM-046 PERM-047 PERM-048 PERM-049 PERM-050).
   */
  restricted?: boolean;
  /** The MEMBER's user plan, when not the space's usual one (FREE on FREE, else PRO). */
  memberPlan?: UserPlan;
}
const VARIANTS = {
  PRO: { plan: 'PRO' },
  FREE: { plan: 'FREE' },
  PREMIUM: { plan: 'PREMIUM' },
  LEGACY: { plan: 'LEGACY', legacyType: 'TEAM', status: 'LEGACY' },
  'space DISABLED': { plan: 'PRO', status: 'DISABLED' },
  'restrictions in force': { plan: 'PRO', restricted: true },
  /** PERM-016: the MEMBER holds a free seat of a per-seat PRO space (owner and admin are paid). */
  'FREE member of per-seat PRO': { plan: 'PRO', memberPlan: 'FREE' },
} as const satisfies Record<string, Variant>;
type VariantName = keyof typeof VARIANTS;

interface Line {
  /** The spec's ids of the rule, named in the test's title. */
  spec?: string;
  request: (spaceId: string, ids: Record<string, string>) => [string, string, object?];
  /** On a PRO space with the restrictions lifted. */
  expect: Statuses;
  /** Where a plan, the space status or a restriction changes the answer. */
  otherwise?: Partial<Record<VariantName, Statuses>>;
  /** The message a refused OWNER reads, per variant (the spec's texts). */
  ownerMessage?: Partial<Record<VariantName, string>>;
}

const MEMBER_READ: Statuses = [401, 404, 403, 200, 200, 200];
const DISABLED_SPACE: Statuses = [401, 404, 403, 403, 403, 403];
/** A disabled space answers only its own details (SPACE-005); every other call is refused. */
const disabledSpace = { 'space DISABLED': DISABLED_SPACE };
const UNKNOWN_SPREADSHEET = '00000000-0000-4000-8000-0000000000aa';
const MANAGERS_REFUSED: Statuses = [401, 404, 403, 403, 403, 403];
/** Owners and admins read; a MEMBER is refused. */
const MANAGERS_READ: Statuses = [401, 404, 403, 403, 200, 200];

/**
 * API-052 API-053 API-054 API-055 API-056 API-057: the unsubscription list is for every member; the bounce
 * list for those the bounces page is shown to (PERM-015 as written, ROUTE-013: not a paid user of a PRO
 * space, and not while SHARED_BOUNCES is restricted), its reads and writes alike. Deleting an address the
 * fresh space does not list passes the gate and then answers 404.
 */
function suppressionLines(list: 'unsubscriptions' | 'bounces'): Record<string, Line> {
  const mine = '/api/users/me/workspaces/:workspaceId';
  const NOT_LISTED: Statuses = [401, 404, 403, 404, 404, 404];
  const bounces = list === 'bounces';
  /** Bounces: the page's audience only (showBouncesPage); unsubscriptions: every member. */
  const rule = (freeMemberOnly: Statuses): Pick<Line, 'spec' | 'otherwise'> =>
    bounces
      ? {
          spec: 'PERM-015 ROUTE-013',
          otherwise: {
            ...disabledSpace,
            PRO: MANAGERS_REFUSED,
            'restrictions in force': MANAGERS_REFUSED,
            'FREE member of per-seat PRO': freeMemberOnly,
          },
        }
      : { otherwise: disabledSpace };
  const read = { expect: MEMBER_READ, ...rule([401, 404, 403, 200, 403, 403]) };
  return {
    [`GET ${mine}/${list}`]: {
      request: (id) => ['GET', `/api/users/me/workspaces/${id}/${list}`],
      ...read,
    },
    [`GET ${mine}/${list}/export`]: {
      request: (id) => ['GET', `/api/users/me/workspaces/${id}/${list}/export`],
      ...read,
    },
    [`POST /api/users/workspace-activation-add-${list}/me`]: {
      request: (id) => [
        'POST',
        `/api/users/workspace-activation-add-${list}/me`,
        { workspaceId: id, emailAddresses: ['walk@example.com'] },
      ],
      ...read,
    },
    [`DELETE /api/users/workspace-activation-delete-${list}/me/:workspaceId/:emailAddress`]: {
      request: (id) => [
        'DELETE',
        `/api/users/workspace-activation-delete-${list}/me/${id}/walk%40example.com`,
      ],
      expect: NOT_LISTED,
      ...rule([401, 404, 403, 404, 403, 403]),
    },
  };
}

/** PERM-018, PERM-019, PERM-050: managers of a PRO or PREMIUM space, WORKSPACE_DASHBOARD lifted. */
function teamReportLines(calls: readonly string[]): Record<string, Line> {
  return Object.fromEntries(
    calls.map((call) => [
      `GET /api/v1/workspaces/:id/team-report/${call}`,
      {
        request: (id: string) => ['GET', `/api/v1/workspaces/${id}/team-report/${call}`],
        expect: [401, 404, 403, 403, 200, 200],
        otherwise: {
          ...disabledSpace,
          FREE: MANAGERS_REFUSED,
          LEGACY: MANAGERS_REFUSED,
          'restrictions in force': MANAGERS_REFUSED,
        },
      } satisfies Line,
    ]),
  );
}

/**
 * The merge engine's calls are for every active member of an active space, on their own
 * spreadsheets and merges: an unknown spreadsheet or merge passes the gate and then answers 404.
 */
function mergeEngineLines(): Record<string, Line> {
  const MINE_ONLY: Statuses = [401, 404, 403, 404, 404, 404];
  const message = { spreadsheetId: UNKNOWN_SPREADSHEET, sheetId: '0', subject: 'Hi', bodyHtml: '<p>Hi</p>' };
  return {
    'POST /api/v1/workspaces/:id/merges': {
      request: (id) => [
        'POST',
        `/api/v1/workspaces/${id}/merges`,
        { ...message, emailColumn: 'Email', send: { mode: 'now' } },
      ],
      expect: MINE_ONLY,
      otherwise: disabledSpace,
    },
    'POST /api/v1/workspaces/:id/merges/test': {
      request: (id) => ['POST', `/api/v1/workspaces/${id}/merges/test`, { ...message, rowNumber: 1 }],
      expect: MINE_ONLY,
      otherwise: disabledSpace,
    },
    'GET /api/v1/workspaces/:id/merges/quota': {
      request: (id) => ['GET', `/api/v1/workspaces/${id}/merges/quota`],
      expect: MEMBER_READ,
      otherwise: disabledSpace,
    },
    'GET /api/v1/workspaces/:id/merges/sending-domain': {
      request: (id) => ['GET', `/api/v1/workspaces/${id}/merges/sending-domain`],
      expect: MEMBER_READ,
      otherwise: disabledSpace,
    },
    'GET /api/v1/workspaces/:id/merges/:mergeId': {
      request: (id) => ['GET', `/api/v1/workspaces/${id}/merges/${UNKNOWN_SPREADSHEET}`],
      expect: MINE_ONLY,
      otherwise: disabledSpace,
    }, // The send guard's steering of a merge (its sender, an owner or admin): an unknown merge is 404.
    'POST /api/v1/workspaces/:id/merges/:mergeId/pause': {
      request: (id) => ['POST', `/api/v1/workspaces/${id}/merges/${UNKNOWN_SPREADSHEET}/pause`],
      expect: MINE_ONLY,
      otherwise: disabledSpace,
    },
    'POST /api/v1/workspaces/:id/merges/:mergeId/resume': {
      request: (id) => ['POST', `/api/v1/workspaces/${id}/merges/${UNKNOWN_SPREADSHEET}/resume`],
      expect: MINE_ONLY,
      otherwise: disabledSpace,
    },
    'DELETE /api/v1/workspaces/:id/merges/:mergeId': {
      request: (id) => ['DELETE', `/api/v1/workspaces/${id}/merges/${UNKNOWN_SPREADSHEET}`],
      expect: MINE_ONLY,
      otherwise: disabledSpace,
    },
    'GET /api/v1/workspaces/:id/merges/:mergeId/bounces': {
      request: (id) => ['GET', `/api/v1/workspaces/${id}/merges/${UNKNOWN_SPREADSHEET}/bounces`],
      expect: MINE_ONLY,
      otherwise: disabledSpace,
    },
  };
}

/**
 * PERM-004, PERM-005 (000 §6): buying is for the owner of a per-seat space and for managers of an
 * older one. Each allowed call is then refused by its own rules before any payment call (a price
 * this install does not sell, a return address on another site, an unknown checkout): 400/404.
 */
function checkoutLines(): Record<string, Line> {
  const base = '/api/workspace-billing/workspaces/:id/stripe/checkout';
  const at = (id: string, rest: string) => `/api/workspace-billing/workspaces/${id}/stripe/checkout${rest}`;
  const form = {
    addressInfo: { country: 'US', state: '', city: 'Springfield', postalCode: '', street: '1 Main St' },
    companyName: '',
    customerName: 'Walk Owner',
    isB2BTransaction: false,
    billingInterval: 'YEARLY',
    workspacePlan: 'PRO',
  };
  const OWNER_ONLY = (status: number): Statuses => [401, 404, 403, 403, 403, status];
  return {
    [`POST ${base}/v2/info`]: {
      request: (id) => [
        'POST',
        at(id, '/v2/info'),
        {
          country: 'US',
          billingInterval: 'YEARLY',
          workspacePlan: 'PREMIUM',
          seatPlans: [{ userPlan: 'PRO', quantity: 1 }],
        },
      ],
      expect: OWNER_ONLY(400),
      otherwise: disabledSpace,
    },
    [`POST ${base}/v1/info`]: {
      request: (id, ids) => [
        'POST',
        at(id, '/v1/info'),
        {
          country: 'US',
          billingInterval: 'YEARLY',
          workspacePlan: 'PRO',
          userUpdates: [{ userId: ids.owner, userPlan: 'FREE' }],
        },
      ],
      expect: OWNER_ONLY(400),
      otherwise: disabledSpace,
    },
    [`POST ${base}/v2/session`]: {
      request: (id) => [
        'POST',
        at(id, '/v2/session'),
        { ...form, goBackUrl: 'https://evil.example/', seatPlans: [{ userPlan: 'PRO', quantity: 1 }] },
      ],
      expect: OWNER_ONLY(400),
      otherwise: disabledSpace,
    },
    [`POST ${base}/v1/session`]: {
      request: (id) => [
        'POST',
        at(id, '/v1/session'),
        { ...form, goBackUrl: '/', stripePlans: [{ stripePriceId: 'price_not_sold_here', quantity: 1 }] },
      ],
      expect: OWNER_ONLY(400),
      otherwise: disabledSpace,
    },
    [`POST ${base}/v1/session/:sessionId/sync`]: {
      request: (id) => ['POST', at(id, '/v1/session/cs_unknown/sync')],
      expect: OWNER_ONLY(404),
      otherwise: disabledSpace,
    },
    // API-033, BILL-033: a fresh space has no Stripe subscription, so the allowed owner gets 409.
    'GET /api/workspace-billing/workspaces/:id/stripe/customer/v1/portal': {
      request: (id) => [
        'GET',
        `/api/workspace-billing/workspaces/${id}/stripe/customer/v1/portal?returnUrl=%2Fspace%2Fbilling`,
      ],
      expect: OWNER_ONLY(409),
      otherwise: disabledSpace,
    },
  };
}

/**
 * Seats and changes of a live subscription (API-032, API-035, API-036): the owner buys and removes
 * seats (PERM-022, PERM-024) and changes the subscription; owners and admins read a scheduled
 * removal (SEAT-026, C1). A fresh space has no such subscription, so whoever passes the gate gets 404.
 */
function seatLines(): Record<string, Line> {
  const base = '/api/workspace-billing/workspaces/:id/subscriptions';
  const at = (id: string, rest: string) => `/api/workspace-billing/workspaces/${id}/subscriptions${rest}`;
  const OWNER_PASSES: Statuses = [401, 404, 403, 403, 403, 404];
  const MANAGERS_PASS: Statuses = [401, 404, 403, 403, 404, 404];
  return {
    [`POST ${base}/v2/:subId/seats/v1`]: {
      request: (id) => [
        'POST',
        at(id, `/v2/${UNKNOWN_ID}/seats/v1`),
        { seatPlans: [{ userPlan: 'PRO', quantity: 1 }] },
      ],
      expect: OWNER_PASSES,
      otherwise: disabledSpace,
    },
    [`GET ${base}/v2/:subId/seats/v1/scheduled-removals`]: {
      request: (id) => ['GET', at(id, `/v2/${UNKNOWN_ID}/seats/v1/scheduled-removals?status=PENDING`)],
      expect: MANAGERS_PASS,
      otherwise: disabledSpace,
    },
    [`POST ${base}/v2/:subId/seats/v1/scheduled-removals`]: {
      request: (id) => [
        'POST',
        at(id, `/v2/${UNKNOWN_ID}/seats/v1/scheduled-removals`),
        { subscriptionPlanSeats: [{ paymentPlanId: UNKNOWN_ID, targetSeatsQuantity: 1 }] },
      ],
      expect: OWNER_PASSES,
      otherwise: disabledSpace,
    },
    [`DELETE ${base}/v2/:subId/seats/v1/scheduled-removals`]: {
      request: (id) => ['DELETE', at(id, `/v2/${UNKNOWN_ID}/seats/v1/scheduled-removals`)],
      expect: OWNER_PASSES,
      otherwise: disabledSpace,
    },
    [`PUT ${base}/v1/:subscriptionId`]: {
      request: (id) => ['PUT', at(id, `/v1/${UNKNOWN_ID}`), { billingInterval: 'MONTHLY' }],
      expect: OWNER_PASSES,
      otherwise: disabledSpace,
    },
  };
}

/**
 * The member calls (PERM-021 PERM-022 PERM-023 PERM-024 PERM-025, C2, C3, C5, C6); each destructive call runs
 * in a fresh space.
 */
function memberLines(): Record<string, Line> {
  const base = '/api/v1/workspaces/:id';
  const at = (id: string, rest: string) => `/api/v1/workspaces/${id}${rest}`;
  const MANAGERS: Statuses = [401, 404, 403, 403, 200, 200];
  /** Managers of a legacy TEAM space only (canManageLegacyMembers). */
  const legacyOnly = { expect: MANAGERS_REFUSED, otherwise: { LEGACY: MANAGERS } };
  /** The gate lets managers through; the address has no pending invitation, so 404. */
  const NOT_INVITED: Statuses = [401, 404, 403, 403, 404, 404];
  return {
    // The seat listing is the Users page's read: refused where the page is hidden.
    [`GET ${base}/users/v1`]: {
      spec: 'PERM-012 PERM-013 PERM-014 C3',
      request: (id) => ['GET', at(id, '/users/v1')],
      expect: MEMBER_READ,
      otherwise: {
        ...disabledSpace,
        FREE: MANAGERS,
        LEGACY: MANAGERS,
        'restrictions in force': MANAGERS_REFUSED,
        'FREE member of per-seat PRO': MANAGERS,
      },
    },
    [`POST ${base}/users/v1`]: {
      request: (id) => [
        'POST',
        at(id, '/users/v1?onlyCheckValidity=true'),
        { userEmails: ['new.hire@acme.example'] },
      ],
      expect: MANAGERS,
      otherwise: { ...disabledSpace, LEGACY: MANAGERS_REFUSED },
    },
    [`PATCH ${base}/users/v1`]: {
      request: (id) => ['PATCH', at(id, '/users/v1'), { userEmails: ['member@acme.example'] }],
      expect: MANAGERS,
      otherwise: { ...disabledSpace, LEGACY: MANAGERS_REFUSED },
    },
    [`POST ${base}/members`]: {
      request: (id) => [
        'POST',
        at(id, '/members?onlyCheckValidity=true'),
        { userEmails: ['new.hire@acme.example'] },
      ],
      ...legacyOnly,
    },
    [`DELETE ${base}/members`]: {
      request: (id, ids) => ['DELETE', at(id, '/members'), { userIds: [ids.member] }],
      ...legacyOnly,
    },
    [`POST ${base}/legacy-invitations`]: {
      request: (id) => [
        'POST',
        at(id, '/legacy-invitations?onlyCheckValidity=true'),
        { userEmails: ['new.hire@acme.example'] },
      ],
      ...legacyOnly,
    },
    // PERM-006, PERM-023 (C5): the owner only, never on FREE.
    [`PUT ${base}/members/change-role`]: {
      request: (id, ids) => [
        'PUT',
        at(id, '/members/change-role'),
        { memberRoles: [{ userId: ids.member, userRole: 'ADMIN' }] },
      ],
      expect: [401, 404, 403, 403, 403, 200],
      otherwise: { ...disabledSpace, FREE: MANAGERS_REFUSED },
      ownerMessage: { FREE: 'Changing roles is not available in free plan.' },
    },
    // MEM-029, MEM-063: a FREE space's free-user count (1) is used up already, so its managers hear 409.
    [`PUT ${base}/members/activate`]: {
      request: (id, ids) => ['PUT', at(id, '/members/activate'), { userIds: [ids.disabled] }],
      expect: MANAGERS,
      otherwise: { ...disabledSpace, FREE: [401, 404, 403, 403, 409, 409] },
    },
    [`GET ${base}/members/promote-validity`]: {
      request: (id) => ['GET', at(id, '/members/promote-validity')],
      expect: MANAGERS,
      otherwise: disabledSpace,
    },
    [`PUT ${base}/invitations/resend`]: {
      request: (id) => [
        'PUT',
        at(id, '/invitations/resend'),
        { invitedUserEmails: ['nobody.pending@acme.example'] },
      ],
      expect: NOT_INVITED,
      otherwise: disabledSpace,
    },
    [`DELETE ${base}/invitations`]: {
      request: (id) => [
        'DELETE',
        at(id, '/invitations'),
        { invitedUserEmails: ['nobody.pending@acme.example'] },
      ],
      expect: NOT_INVITED,
      otherwise: disabledSpace,
    },
    // 000 §4: subscription lists are not served to MEMBER.
    'GET /api/workspace-billing/workspaces/:id/subscriptions/v2': {
      request: (id) => ['GET', `/api/workspace-billing/workspaces/${id}/subscriptions/v2`],
      expect: MANAGERS,
      otherwise: disabledSpace,
    },
    'GET /api/workspace-billing/workspaces/:id/subscriptions/v1': {
      request: (id) => [
        'GET',
        `/api/workspace-billing/workspaces/${id}/subscriptions/v1?includePlans=true&retrieveAdditionalStripeInfo=true`,
      ],
      expect: MANAGERS,
      otherwise: disabledSpace,
    },
    // API-034: as the list; past the gate, a subscription this space does not have is 404.
    'GET /api/workspace-billing/workspaces/:id/subscriptions/v2/:subId/latest-invoice/v1': {
      request: (id) => [
        'GET',
        `/api/workspace-billing/workspaces/${id}/subscriptions/v2/${UNKNOWN_ID}/latest-invoice/v1`,
      ],
      expect: [401, 404, 403, 403, 404, 404],
      otherwise: disabledSpace,
    },
  };
}

/**
 * The caller's own spreadsheets: any active member of an active space (canAccessWorkspace). Past
 * the gate an upload without a file is refused as empty, linking a Google Sheet needs Google
 * sign-in (400 here), and ids of nothing answer 404.
 */
function spreadsheetLines(): Record<string, Line> {
  const base = '/api/v1/workspaces/:id/spreadsheets';
  const at = (id: string, rest = '') => `/api/v1/workspaces/${id}/spreadsheets${rest}`;
  const REFUSED_PAST_GATE: Statuses = [401, 404, 403, 400, 400, 400];
  const NOTHING_THERE: Statuses = [401, 404, 403, 404, 404, 404];
  const sheet = () => `/${UNKNOWN_ID}/sheets/0`;
  return {
    [`POST ${base}`]: {
      request: (id) => ['POST', at(id, '?filename=contacts.csv')],
      expect: REFUSED_PAST_GATE,
      otherwise: disabledSpace,
    },
    [`POST ${base}/google`]: {
      request: (id) => [
        'POST',
        at(id, '/google'),
        { url: 'https://docs.google.com/spreadsheets/d/1AbC/edit' },
      ],
      expect: REFUSED_PAST_GATE,
      otherwise: disabledSpace,
    },
    [`GET ${base}/:spreadsheetId`]: {
      request: (id) => ['GET', at(id, `/${UNKNOWN_ID}`)],
      expect: NOTHING_THERE,
      otherwise: disabledSpace,
    },
    [`DELETE ${base}/:spreadsheetId`]: {
      request: (id) => ['DELETE', at(id, `/${UNKNOWN_ID}`)],
      expect: NOTHING_THERE,
      otherwise: disabledSpace,
    },
    [`GET ${base}/:spreadsheetId/sheets/:sheetId/recipients`]: {
      request: (id) => ['GET', at(id, `${sheet()}/recipients`)],
      expect: NOTHING_THERE,
      otherwise: disabledSpace,
    },
    [`GET ${base}/:spreadsheetId/sheets/:sheetId/rows/:rowNumber`]: {
      request: (id) => ['GET', at(id, `${sheet()}/rows/1`)],
      expect: NOTHING_THERE,
      otherwise: disabledSpace,
    },
  };
}

const table: Record<string, Line> = {
  'GET /api/v1/workspaces/:id': {
    request: (id) => ['GET', `/api/v1/workspaces/${id}`],
    expect: MEMBER_READ,
  },
  'PUT /api/v1/workspaces/:id': {
    request: (id) => ['PUT', `/api/v1/workspaces/${id}`, { workspaceName: 'Walk space renamed' }],
    expect: [401, 404, 403, 403, 403, 200],
    otherwise: disabledSpace,
  },
  'DELETE /api/v1/workspaces/:id': {
    request: (id) => ['DELETE', `/api/v1/workspaces/${id}`],
    expect: [401, 404, 403, 403, 403, 200],
    otherwise: disabledSpace,
  },
  // PERM-008, SPACE-019, SPACE-031, SPACE-032: owner only, PRO or PREMIUM, TRANSFER_WORKSPACE lifted.
  'PUT /api/v1/workspaces/:id/owner': {
    request: (id, ids) => ['PUT', `/api/v1/workspaces/${id}/owner`, { userId: ids.admin }],
    expect: [401, 404, 403, 403, 403, 200],
    otherwise: {
      ...disabledSpace,
      FREE: MANAGERS_REFUSED,
      LEGACY: MANAGERS_REFUSED,
      'restrictions in force': MANAGERS_REFUSED,
    },
    ownerMessage: {
      FREE: 'Transferring ownership is not available in free plan.',
      LEGACY: 'Transferring ownership is only available to new Mergeboard plans.',
    },
  },
  // The member list: the Users page's audience, and managers always (their checkout and
  // transfer read it too), restricted page or not (canListMembers).
  'GET /api/v1/workspaces/:id/members': {
    spec: 'PERM-012 PERM-013 PERM-014 C3',
    request: (id) => ['GET', `/api/v1/workspaces/${id}/members`],
    expect: MEMBER_READ,
    otherwise: {
      ...disabledSpace,
      FREE: MANAGERS_READ,
      LEGACY: MANAGERS_READ,
      'restrictions in force': MANAGERS_READ,
      'FREE member of per-seat PRO': MANAGERS_READ,
    },
  },
  // SHELL-023: whom to ask for an upgrade, for every member.
  'GET /api/v1/workspaces/:id/managers': {
    spec: 'SHELL-023 SHELL-024',
    request: (id) => ['GET', `/api/v1/workspaces/${id}/managers`],
    expect: MEMBER_READ,
    otherwise: disabledSpace,
  },
  // PERM-007, INV-013 (C2): managers, a non-legacy plan, INVITATION lifted.
  'POST /api/v1/workspaces/:id/invitations': {
    request: (id) => [
      'POST',
      `/api/v1/workspaces/${id}/invitations?onlyCheckValidity=true`,
      { emails: ['new.hire@acme.example'] },
    ],
    expect: [401, 404, 403, 403, 200, 200],
    otherwise: { ...disabledSpace, LEGACY: MANAGERS_REFUSED, 'restrictions in force': MANAGERS_REFUSED },
  },
  ...memberLines(),
  ...checkoutLines(),
  ...seatLines(),
  ...suppressionLines('unsubscriptions'),
  ...suppressionLines('bounces'),
  'GET /api/users/me/workspaces/:workspaceId/campaigns/count': {
    request: (id) => ['GET', `/api/users/me/workspaces/${id}/campaigns/count?isScheduled=true`],
    expect: MEMBER_READ,
    otherwise: disabledSpace,
  },
  ...teamReportLines(['summary', 'members']),
  // Issue 26: every member opens the deliverability page (a member gets their own figures only).
  'GET /api/v1/workspaces/:id/deliverability': {
    request: (id) => ['GET', `/api/v1/workspaces/${id}/deliverability`],
    expect: MEMBER_READ,
    otherwise: disabledSpace,
  },
  ...mergeEngineLines(),
  ...spreadsheetLines(),
};

/** One call as `caller` (anonymous when undefined); every refusal must be in the one error shape. */
async function callAs(
  t: TestApp,
  caller: { headers: { authorization: string } } | undefined,
  [method, url, payload]: [string, string, object?],
) {
  const res = await t.app.inject({
    method: method as 'GET',
    url,
    ...(caller ? { headers: caller.headers } : {}),
    ...(payload ? { payload } : {}),
  });
  if (res.statusCode >= 400) expect(errorBodySchema.safeParse(res.json()).success).toBe(true);
  return res;
}

describe('authorisation table', () => {
  let t: TestApp;
  const ids: Record<string, string> = {};
  const as: Partial<Record<Identity, { headers: { authorization: string } }>> = {};

  const people: Record<Exclude<Identity, 'anonymous'>, string> = {
    owner: 'owner@acme.example',
    admin: 'admin@acme.example',
    member: 'member@acme.example',
    disabled: 'noah.fischer@acme.example',
    nonMember: 'pat@gmail.com',
  };

  /** A fresh space with one person per role, so destructive calls never touch another's. */
  async function makeSpace(variant: Variant) {
    const [space] = await t.database.db
      .insert(workspaces)
      .values({
        name: 'Walk space',
        slug: 'walk-space',
        plan: variant.plan,
        legacyType: variant.legacyType ?? null,
        status: variant.status ?? 'ACTIVE',
      })
      .returning();
    const userPlan = variant.plan === 'FREE' ? 'FREE' : 'PRO';
    const memberPlan = variant.memberPlan ?? userPlan;
    await t.database.db.insert(memberships).values([
      { workspaceId: space!.id, userId: ids.owner!, role: 'OWNER', userPlan },
      { workspaceId: space!.id, userId: ids.admin!, role: 'ADMIN', userPlan },
      { workspaceId: space!.id, userId: ids.member!, role: 'MEMBER', userPlan: memberPlan },
      { workspaceId: space!.id, userId: ids.disabled!, role: 'MEMBER', userPlan: 'FREE', status: 'DISABLED' },
    ]);
    return space!.id;
  }

  async function setRolloutStep(step: number) {
    for (const key of ['owner', 'admin', 'member', 'disabled'] as const) {
      await t.database.db
        .insert(rolloutStatus)
        .values({ userId: ids[key]!, lastActivatedStep: step })
        .onConflictDoUpdate({ target: rolloutStatus.userId, set: { lastActivatedStep: step } });
    }
  }

  beforeAll(async () => {
    // The table makes thousands of calls from one address: the global limit is not what it tests.
    t = await createTestApp({ rateLimit: { max: 100_000, timeWindow: '1 minute' } });
    await seedDemo({ db: t.database.db });
    for (const [key, email] of Object.entries(people)) {
      const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      ids[key] = row!.id;
      as[key as Identity] = await signedInAs(t, email);
    }
  });
  afterAll(() => t.close());

  it('covers every route of the table that is scoped to a space, each naming a core permission', () => {
    const spaceRoutes = routes.filter((route) => route.access.kind === 'space');
    expect(spaceRoutes.map((r) => `${r.contract.method} ${r.contract.path}`).sort()).toEqual(
      Object.keys(table).sort(),
    );
    for (const route of spaceRoutes) {
      expect(route.access.kind === 'space' && route.access.permission).toMatch(/^(can|show)[A-Z]/);
    }
  });

  for (const [route, line] of Object.entries(table)) {
    for (const [name, variant] of Object.entries(VARIANTS) as [VariantName, Variant][]) {
      const statuses = line.otherwise?.[name] ?? line.expect;
      it(`PERM ${line.spec ? `${line.spec} ` : ''}${route} on ${name}: anonymous, non-member, DISABLED, MEMBER, ADMIN, OWNER get ${statuses.join('/')}`, async () => {
        await setRolloutStep(variant.restricted ? 1 : 0);
        const got: number[] = [];
        for (const identity of IDENTITIES) {
          const [method, url, payload] = line.request(await makeSpace(variant), ids);
          const res = await callAs(t, as[identity], [method, url, payload]);
          got.push(res.statusCode);
          const message = line.ownerMessage?.[name];
          if (identity === 'owner' && message) {
            expect(res.json()).toMatchObject({ error: { code: 'plan_not_eligible', message } });
          }
        }
        expect(got).toEqual(statuses);
      });
    }
  }
});

/**
 * Calls outside a space: anonymous, a sign-in without an account yet, a DISABLED account, and an
 * active account. `user` routes need the account; `signed-in` ones only the session (users/me
 * also answers a DISABLED account, which is then shown the disabled page).
 */
const ACCOUNT_IDENTITIES = ['anonymous', 'noAccount', 'disabledAccount', 'active'] as const;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const USER_ROUTE: [number, number, number, number] = [401, 404, 403, 200];
const accountTable: Record<
  string,
  { request: (userId: string) => [string, string, object?]; expect: number[] }
> = {
  'GET /api/v2/users/me': { request: () => ['GET', '/api/v2/users/me'], expect: [401, 404, 200, 200] },
  'POST /api/v2/users/workspace-activation-create-user': {
    // An empty body passes the gate and fails validation: nothing is created.
    request: () => ['POST', '/api/v2/users/workspace-activation-create-user', {}],
    expect: [401, 400, 400, 400],
  },
  'GET /api/v2/users/workspace-activation-status/me': {
    request: () => ['GET', '/api/v2/users/workspace-activation-status/me'],
    expect: [401, 200, 200, 200],
  },
  'GET /api/v2/users/suggest': {
    request: () => ['GET', '/api/v2/users/suggest?search=acme'],
    expect: USER_ROUTE,
  },
  // API-024: the price list is the same for everyone signed in.
  'GET /api/workspace-billing/payment-plans/v1': {
    request: () => ['GET', '/api/workspace-billing/payment-plans/v1'],
    expect: USER_ROUTE,
  },
  // RES-009: only the caller's own license; an id that is not the caller's is not found.
  'POST /api/_ah/api/subscriptions/v1/cancelAutoRenewal': {
    request: () => [
      'POST',
      '/api/_ah/api/subscriptions/v1/cancelAutoRenewal',
      { subscriptionId: UNKNOWN_ID },
    ],
    expect: [401, 404, 403, 404],
  },
  'POST /api/v1/workspaces': {
    request: () => ['POST', '/api/v1/workspaces', {}],
    expect: [401, 404, 403, 400],
  },
  'PUT /api/v1/invitations/:token/accept': {
    request: () => ['PUT', `/api/v1/invitations/${'A'.repeat(43)}/accept`],
    expect: [401, 404, 403, 404],
  },
  'GET /api/cannon': {
    request: () => ['GET', '/api/cannon?project=mergeboard&placement=sidebar'],
    expect: USER_ROUTE,
  },
  'GET /api/users/me/campaigns': { request: () => ['GET', '/api/users/me/campaigns'], expect: USER_ROUTE },
  'GET /api/users/me/campaigns/export': {
    request: () => ['GET', '/api/users/me/campaigns/export'],
    expect: USER_ROUTE,
  },
  'GET /api/users/me/campaigns/:id': {
    request: () => ['GET', `/api/users/me/campaigns/${UNKNOWN_ID}`],
    expect: [401, 404, 403, 404],
  },
  'GET /api/users/me/campaigns/:id/recipients': {
    request: () => ['GET', `/api/users/me/campaigns/${UNKNOWN_ID}/recipients`],
    expect: [401, 404, 403, 404],
  },
  'GET /api/users/me/campaigns/:id/recipients/export': {
    request: () => ['GET', `/api/users/me/campaigns/${UNKNOWN_ID}/recipients/export`],
    expect: [401, 404, 403, 404],
  },
  'GET /api/users/me/campaigns/:id/spreadsheet/export': {
    request: () => ['GET', `/api/users/me/campaigns/${UNKNOWN_ID}/spreadsheet/export`],
    expect: [401, 404, 403, 404],
  },
  'GET /api/users/me/campaigns/:id/pollResults': {
    request: () => ['GET', `/api/users/me/campaigns/${UNKNOWN_ID}/pollResults`],
    expect: [401, 404, 403, 404],
  },
  'GET /api/users/me/campaigns/:id/pollResponses': {
    request: () => ['GET', `/api/users/me/campaigns/${UNKNOWN_ID}/pollResponses`],
    expect: [401, 404, 403, 404],
  },
  'GET /api/users/me/scheduled-campaigns': {
    request: () => ['GET', '/api/users/me/scheduled-campaigns'],
    expect: USER_ROUTE,
  },
  'GET /api/users/me/scheduled-campaigns/export': {
    request: () => ['GET', '/api/users/me/scheduled-campaigns/export'],
    expect: USER_ROUTE,
  },
  'GET /api/users/me/scheduled-campaigns/:id': {
    request: () => ['GET', `/api/users/me/scheduled-campaigns/${UNKNOWN_ID}`],
    expect: [401, 404, 403, 404],
  },
  'GET /api/users/me/scheduled-campaigns/:id/spreadsheet/export': {
    request: () => ['GET', `/api/users/me/scheduled-campaigns/${UNKNOWN_ID}/spreadsheet/export`],
    expect: [401, 404, 403, 404],
  },
  'DELETE /api/users/me/scheduledCampaigns/:scheduledMergeId': {
    request: () => ['DELETE', `/api/users/me/scheduledCampaigns/${UNKNOWN_ID}`],
    expect: [401, 404, 403, 404],
  },
  'GET /api/templates': { request: () => ['GET', '/api/templates'], expect: USER_ROUTE },
  // Drafts go to the caller's own mailbox; someone else's user id is refused.
  'POST /api/users/:userId/drafts': {
    request: () => [
      'POST',
      `/api/users/${UNKNOWN_ID}/drafts`,
      { fromTemplate: UNKNOWN_ID, source: DRAFT_SOURCES[0] },
    ],
    expect: [401, 404, 403, 403],
  },
  'GET /api/users/:userId/drafts/:draftId': {
    request: (userId) => ['GET', `/api/users/${userId}/drafts/${UNKNOWN_ID}`],
    expect: [401, 404, 403, 404],
  },
};

/**
 * Public calls of the table that a person makes before any sign-in, answered alike to every
 * caller (issue 24: an invitation link's screens read it signed out).
 */
const publicTable: Record<string, { request: () => [string, string]; expect: number }> = {
  'GET /api/v1/invitations/:token': {
    request: () => ['GET', `/api/v1/invitations/${'A'.repeat(43)}`],
    expect: 404,
  },
};

describe('authorisation table outside spaces', () => {
  let t: TestApp;
  const callers: Partial<
    Record<(typeof ACCOUNT_IDENTITIES)[number], { headers: { authorization: string } }>
  > = {};
  let activeId = '';

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo({ db: t.database.db });
    await t.database.db.insert(users).values({
      email: 'disabled.account@acme.example',
      name: 'Disabled',
      status: 'DISABLED',
      domain: 'acme.example',
    });
    callers.noAccount = await signedInAs(t, 'nobody.yet@elsewhere.example');
    callers.disabledAccount = await signedInAs(t, 'disabled.account@acme.example');
    callers.active = await signedInAs(t, 'owner@acme.example');
    const [owner] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'owner@acme.example'));
    activeId = owner!.id;
  });
  afterAll(() => t.close());

  it('covers every signed-in and user route of the table', () => {
    const accountRoutes = routes.filter(
      (route) => route.access.kind === 'user' || route.access.kind === 'signed-in',
    );
    expect(accountRoutes.map((r) => `${r.contract.method} ${r.contract.path}`).sort()).toEqual(
      Object.keys(accountTable).sort(),
    );
  });

  for (const [route, line] of Object.entries(publicTable)) {
    it(`AUTH ${route} (public): anonymous, no account, DISABLED account, active account all get ${line.expect}`, async () => {
      const got: number[] = [];
      for (const identity of ACCOUNT_IDENTITIES) {
        got.push((await callAs(t, callers[identity], line.request())).statusCode);
      }
      expect(got).toEqual(ACCOUNT_IDENTITIES.map(() => line.expect));
      expect(routes.find((r) => `${r.contract.method} ${r.contract.path}` === route)?.access).toEqual({
        kind: 'public',
      });
    });
  }

  for (const [route, line] of Object.entries(accountTable)) {
    it(`AUTH ${route}: anonymous, no account, DISABLED account, active account get ${line.expect.join('/')}`, async () => {
      const got: number[] = [];
      for (const identity of ACCOUNT_IDENTITIES) {
        const [method, url, payload] = line.request(activeId);
        got.push((await callAs(t, callers[identity], [method, url, payload])).statusCode);
      }
      expect(got).toEqual(line.expect);
    });
  }
});
