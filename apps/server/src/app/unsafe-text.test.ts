import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema, type SpaceIdSource } from '@mergeboard/core';
import { memberships, workspaces } from '../db/schema';
import { signedInAs } from '../testing/sessions';
import { createListeningTestApp } from '../testing/listening-app';
import type { TestApp } from '../testing/test-app';
import { routes } from './routes';

/**
 * The probe behind this file: a NUL (U+0000) or a lone UTF-16 surrogate in text that reaches the
 * database made PostgreSQL fail (500), and the CSV exports answer 200 and then cut the stream.
 * Every text input of every route gets both, in each form a client can send them: JSON escapes
 * in bodies ("\u0000", "\ud800", "\udc00"), percent-encoded bytes in queries and paths (%00, and
 * %ED%A0%80, the UTF-8-looking encoding of U+D800), and, inside a list's filterBy value,
 * encoded once more (%2500, %25ED%25A0%2580). Each must answer 400 in the error shape, naming
 * the field when it is a validation failure, before anything is written or streamed. The one
 * exception is the space id a space route's gate reads before validation (so that a caller
 * learns nothing from validation messages): it answers the gate's 404, like any id that is no
 * space of the caller's.
 */

interface Probe {
  /** A request that passes validation (it may still be refused later, e.g. 404). */
  params?: Record<string, string>;
  query?: Record<string, string>;
  /** filterBy pairs, sent encoded as the web client does (key:URI-encoded value, joined by commas). */
  filterBy?: Record<string, string>;
  body?: unknown;
  /** More bodies with unsafe text where the walk of string leaves does not reach (record keys). */
  unsafeBodies?: unknown[];
}

interface World {
  spaceId: string;
  spareSpaceId: string;
  /** A legacy TEAM space the prober owns, for the legacy member calls. */
  legacySpaceId: string;
  userId: string;
}

const BODY_POISONS = ['\u0000', '\ud800', '\udc00'];
const QUERY_POISONS = ['%00', '%ED%A0%80'];
const FILTER_POISONS = ['%00', '%2500', '%ED%A0%80', '%25ED%25A0%2580'];
const PATH_POISONS = ['%00', '%ED%A0%80'];

const listQuery = { sortBy: 'email:asc', limit: '10', limitOffset: '0' };

/** The checkout calls (their valid requests stop before any payment call: a price not sold). */
function checkoutProbes(space: { id: string }): Record<string, Probe> {
  const base = 'POST /api/workspace-billing/workspaces/:id/stripe/checkout';
  const preview = { country: 'US', billingInterval: 'YEARLY', workspacePlan: 'PREMIUM' };
  const session = {
    addressInfo: {
      country: 'US',
      state: 'IL',
      city: 'Springfield',
      postalCode: '62701',
      street: '1 Main St',
    },
    companyName: '',
    customerName: 'Pat Buyer',
    isB2BTransaction: false,
    vatNumber: 'BE0123456789',
    goBackUrl: '/checkout',
    userName: 'Pat',
    billingInterval: 'YEARLY',
    workspacePlan: 'PREMIUM',
  };
  return {
    [`${base}/v2/info`]: {
      params: space,
      body: { ...preview, seatPlans: [{ userPlan: 'PRO', quantity: 1 }] },
    },
    [`${base}/v1/info`]: {
      params: space,
      query: { previewProratedChanges: 'false' },
      body: { ...preview, userUpdates: [{ userId: randomUUID(), userPlan: 'PRO' }] },
    },
    [`${base}/v2/session`]: {
      params: space,
      body: { ...session, seatPlans: [{ userPlan: 'PRO', quantity: 1 }] },
    },
    [`${base}/v1/session`]: {
      params: space,
      body: { ...session, stripePlans: [{ stripePriceId: 'price_not_sold_here', quantity: 1 }] },
    },
    [`${base}/v1/session/:sessionId/sync`]: { params: { ...space, sessionId: 'cs_unknown' } },
  };
}

/** A valid request for every route of the table, keyed `METHOD path`. */
function probes(world: World): Record<string, Probe> {
  const { spaceId, spareSpaceId, legacySpaceId, userId } = world;
  const space = { id: spaceId };
  const legacySpace = { id: legacySpaceId };
  const checkOnly = { onlyCheckValidity: 'true' };
  const someone = { userEmails: ['new.hire@acme.example'] };
  const suppressions = (list: 'unsubscriptions' | 'bounces') => ({
    [`GET /api/users/me/workspaces/:workspaceId/${list}`]: {
      params: { workspaceId: spaceId },
      query: listQuery,
      filterBy: { search: 'ann' },
    },
    [`GET /api/users/me/workspaces/:workspaceId/${list}/export`]: {
      params: { workspaceId: spaceId },
      query: { sortBy: 'email:asc' },
      filterBy: { search: 'ann' },
    },
    [`POST /api/users/workspace-activation-add-${list}/me`]: {
      body: { emailAddresses: ['probe@example.com'], workspaceId: spaceId },
    },
    [`DELETE /api/users/workspace-activation-delete-${list}/me/:workspaceId/:emailAddress`]: {
      params: { workspaceId: spaceId, emailAddress: 'probe@example.com' },
    },
  });
  return {
    'GET /healthz': {},
    'GET /api/v1/auth/authorize': {
      query: { prompt: 'select_account', loginHint: 'pat@gmail.com', compose: '0' },
    },
    'POST /api/v1/auth/token': {
      body: { code: 'the-code', state: 'the-state', iss: 'http://127.0.0.1/oidc' },
    },
    'POST /api/v1/auth/refresh-token': { body: { sessionId: 'a'.repeat(43) } },
    'POST /api/v1/auth/revoke': { body: { sessionId: 'a'.repeat(43) } },
    'GET /api/v2/users/me': { query: { includeWorkspaces: 'true' } },
    'POST /api/v2/users/workspace-activation-create-user': {
      query: { checkPeopleApi: 'false' },
      body: { userEmail: 'prober@acme.example', userName: 'Prober', createSource: 'WEBAPP' },
    },
    'GET /api/v2/users/suggest': { query: { search: 'ann', limit: '5' } },
    'GET /api/v2/users/workspace-activation-status/me': {
      query: {
        checkIsRegistered: 'true',
        includeUserV1: 'true',
        includeUserV2: 'true',
        includeUserV2Workspace: 'true',
        includeFBData: 'true',
      },
    },
    'POST /api/v1/events': {
      body: {
        appVersion: '1.2.3',
        events: [
          {
            eventType: 'webapp_page_view',
            payload: { page: 'home', nested: { list: ['a', { deep: 'b' }] } },
            workspaceId: spaceId,
          },
        ],
      },
      unsafeBodies: [
        { appVersion: '1', events: [{ eventType: 'webapp_page_view', payload: { 'pa\u0000ge': 1 } }] },
        { appVersion: '1', events: [{ eventType: 'webapp_page_view', payload: { n: { '\ud800': 1 } } }] },
        { appVersion: '1', events: [{ eventType: 'webapp_page_view', payload: { l: [[['\udc00']]] } }] },
      ],
    },
    'GET /api/v1/workspaces/:id': {
      params: space,
      query: { includeDomains: 'true', includeFeatures: 'true', includeMembersCount: 'true' },
    },
    'POST /api/v1/workspaces': { body: { workspaceName: 'Probe space', userId, memberInviteUser: false } },
    'PUT /api/v1/workspaces/:id': {
      params: space,
      body: { workspaceName: 'Probed space', memberInviteUser: true },
    },
    'DELETE /api/v1/workspaces/:id': { params: { id: spareSpaceId } },
    'PUT /api/v1/workspaces/:id/owner': { params: space, body: { userId: randomUUID() } },
    'PUT /api/v1/invitations/:token/accept': { params: { token: 'b'.repeat(43) } },
    'GET /api/v1/invitations/:token': { params: { token: 'b'.repeat(43) } },
    'POST /api/v1/workspaces/:id/invitations': {
      params: space,
      query: { onlyCheckValidity: 'true' },
      body: { emails: ['new.hire@acme.example'] },
    },
    'GET /api/cannon': { query: { project: 'mergeboard', placement: 'sidebar' } },
    'GET /api/v1/workspaces/:id/members': {
      params: space,
      query: { sortBy: 'userEmail:asc', limit: '10', limitOffset: '0' },
      filterBy: { search: 'ann', memberStatus: 'ACTIVE' },
    },
    'GET /api/v1/workspaces/:id/users/v1': {
      params: space,
      query: { sortBy: 'userName:asc', limit: '10', limitOffset: '0' },
      filterBy: { search: 'ann', userStatus: 'ACTIVE' },
    },
    'POST /api/v1/workspaces/:id/users/v1': { params: space, query: checkOnly, body: someone },
    'PATCH /api/v1/workspaces/:id/users/v1': { params: space, body: someone },
    'POST /api/v1/workspaces/:id/members': { params: legacySpace, query: checkOnly, body: someone },
    'DELETE /api/v1/workspaces/:id/members': { params: legacySpace, body: { userIds: [randomUUID()] } },
    'POST /api/v1/workspaces/:id/legacy-invitations': {
      params: legacySpace,
      query: checkOnly,
      body: someone,
    },
    'PUT /api/v1/workspaces/:id/members/change-role': {
      params: space,
      body: { memberRoles: [{ userId: randomUUID(), userRole: 'ADMIN' }] },
    },
    'PUT /api/v1/workspaces/:id/members/activate': { params: space, body: { userIds: [randomUUID()] } },
    'GET /api/v1/workspaces/:id/members/promote-validity': { params: space },
    'GET /api/v1/workspaces/:id/managers': { params: space },
    'PUT /api/v1/workspaces/:id/invitations/resend': {
      params: space,
      body: { invitedUserEmails: ['new.hire@acme.example'] },
    },
    'DELETE /api/v1/workspaces/:id/invitations': {
      params: space,
      body: { invitedUserEmails: ['new.hire@acme.example'] },
    },
    'GET /api/workspace-billing/workspaces/:id/subscriptions/v2': {
      params: space,
      query: { status: 'ACTIVE' },
    },
    'GET /api/workspace-billing/workspaces/:id/subscriptions/v1': {
      params: space,
      query: { includePlans: 'true', retrieveAdditionalStripeInfo: 'false' },
    },
    'GET /api/workspace-billing/workspaces/:id/subscriptions/v2/:subId/latest-invoice/v1': {
      params: { ...space, subId: randomUUID() },
    },
    'POST /api/workspace-billing/workspaces/:id/subscriptions/v2/:subId/seats/v1': {
      params: { ...space, subId: randomUUID() },
      body: { seatPlans: [{ userPlan: 'PRO', quantity: 1 }] },
    },
    'GET /api/workspace-billing/workspaces/:id/subscriptions/v2/:subId/seats/v1/scheduled-removals': {
      params: { ...space, subId: randomUUID() },
      query: { status: 'PENDING' },
    },
    'POST /api/workspace-billing/workspaces/:id/subscriptions/v2/:subId/seats/v1/scheduled-removals': {
      params: { ...space, subId: randomUUID() },
      body: { subscriptionPlanSeats: [{ paymentPlanId: randomUUID(), targetSeatsQuantity: 1 }] },
    },
    'DELETE /api/workspace-billing/workspaces/:id/subscriptions/v2/:subId/seats/v1/scheduled-removals': {
      params: { ...space, subId: randomUUID() },
    },
    'PUT /api/workspace-billing/workspaces/:id/subscriptions/v1/:subscriptionId': {
      params: { ...space, subscriptionId: randomUUID() },
      body: { billingInterval: 'MONTHLY' },
    },
    'GET /api/workspace-billing/workspaces/:id/stripe/customer/v1/portal': {
      params: space,
      query: { returnUrl: '/space/billing' },
    },
    'GET /api/workspace-billing/payment-plans/v1': {},
    'POST /api/_ah/api/subscriptions/v1/cancelAutoRenewal': { body: { subscriptionId: randomUUID() } },
    ...checkoutProbes(space),
    'GET /api/users/me/campaigns': {
      query: { sortBy: 'date:desc', limit: '10', limitOffset: '0' },
      filterBy: { workspaceId: spaceId, search: 'hello', dateRange: 'LAST_30_DAYS' },
    },
    'GET /api/users/me/campaigns/export': {
      query: { sortBy: 'date:desc' },
      filterBy: { workspaceId: spaceId, search: 'hello', dateRange: 'LAST_30_DAYS' },
    },
    'GET /api/users/me/campaigns/:id': { params: { id: randomUUID() } },
    'GET /api/users/me/campaigns/:id/recipients': {
      params: { id: randomUUID() },
      query: { sortBy: 'opened:desc', limit: '10', limitOffset: '0' },
      filterBy: { search: 'hello' },
    },
    'GET /api/users/me/campaigns/:id/recipients/export': {
      params: { id: randomUUID() },
      query: { sortBy: 'email:asc' },
      filterBy: { search: 'hello' },
    },
    'GET /api/users/me/campaigns/:id/spreadsheet/export': { params: { id: randomUUID() } },
    'GET /api/users/me/campaigns/:id/pollResults': { params: { id: randomUUID() } },
    'GET /api/users/me/campaigns/:id/pollResponses': {
      params: { id: randomUUID() },
      query: { limit: '10', limitOffset: '0' },
    },
    'GET /api/users/me/scheduled-campaigns': {
      query: { sortBy: 'date:desc', limit: '10', limitOffset: '0' },
      filterBy: { workspaceId: spaceId, search: 'hello' },
    },
    'GET /api/users/me/scheduled-campaigns/export': {
      query: { sortBy: 'title:asc' },
      filterBy: { workspaceId: spaceId, search: 'hello' },
    },
    'GET /api/users/me/scheduled-campaigns/:id': { params: { id: randomUUID() } },
    'GET /api/users/me/scheduled-campaigns/:id/spreadsheet/export': { params: { id: randomUUID() } },
    'DELETE /api/users/me/scheduledCampaigns/:scheduledMergeId': {
      params: { scheduledMergeId: randomUUID() },
    },
    'GET /api/users/me/workspaces/:workspaceId/campaigns/count': {
      params: { workspaceId: spaceId },
      query: { isScheduled: 'true' },
    },
    ...suppressions('unsubscriptions'),
    ...suppressions('bounces'),
    'POST /api/v1/workspaces/:id/merges': {
      params: space,
      body: {
        spreadsheetId: randomUUID(),
        sheetId: '0',
        emailColumn: 'Email',
        subject: 'Hello {{First name}}',
        bodyHtml: '<p>Hi</p>',
        name: 'Spring outreach',
        senderName: 'Ann',
        ccColumn: 'Cc',
        send: { mode: 'schedule', at: Date.now() + 3_600_000, timeZone: 'Europe/Paris' },
      },
    },
    'POST /api/v1/workspaces/:id/merges/test': {
      params: space,
      body: { spreadsheetId: randomUUID(), sheetId: '0', rowNumber: 1, subject: 'Hi', bodyHtml: '<p>Hi</p>' },
    },
    'GET /api/v1/workspaces/:id/merges/quota': { params: space },
    'GET /api/v1/workspaces/:id/merges/:mergeId': { params: { ...space, mergeId: randomUUID() } },
    'GET /api/v1/workspaces/:id/merges/sending-domain': { params: space, query: { recipients: '120' } },
    'POST /api/v1/workspaces/:id/merges/:mergeId/pause': { params: { ...space, mergeId: randomUUID() } },
    'POST /api/v1/workspaces/:id/merges/:mergeId/resume': { params: { ...space, mergeId: randomUUID() } },
    'DELETE /api/v1/workspaces/:id/merges/:mergeId': { params: { ...space, mergeId: randomUUID() } },
    'GET /api/v1/workspaces/:id/merges/:mergeId/bounces': { params: { ...space, mergeId: randomUUID() } },
    'GET /api/v1/workspaces/:id/team-report/summary': { params: space },
    'GET /api/v1/workspaces/:id/deliverability': { params: space },
    'GET /api/v1/workspaces/:id/team-report/members': {
      params: space,
      query: { sortBy: 'userName:asc', limit: '10', limitOffset: '0' },
      filterBy: { memberStatus: 'ACTIVE', search: 'ann' },
    },
    'GET /api/templates': {},
    'POST /api/users/:userId/drafts': {
      params: { userId },
      body: { fromTemplate: randomUUID(), source: 'GALLERY' },
    },
    'GET /api/users/:userId/drafts/:draftId': { params: { userId, draftId: randomUUID() } },
    ...spreadsheetProbes(space),
  };
}

/** The spreadsheet calls: an upload without a file is refused as empty; ids of nothing answer 404. */
function spreadsheetProbes(space: { id: string }): Record<string, Probe> {
  const base = '/api/v1/workspaces/:id/spreadsheets';
  const sheet = { ...space, spreadsheetId: randomUUID(), sheetId: '0' };
  return {
    [`POST ${base}`]: { params: space, query: { filename: 'contacts.csv' } },
    [`POST ${base}/google`]: {
      params: space,
      body: { url: 'https://docs.google.com/spreadsheets/d/1AbC_probe/edit' },
    },
    [`GET ${base}/:spreadsheetId`]: { params: { ...space, spreadsheetId: randomUUID() } },
    [`DELETE ${base}/:spreadsheetId`]: { params: { ...space, spreadsheetId: randomUUID() } },
    [`GET ${base}/:spreadsheetId/sheets/:sheetId/recipients`]: {
      params: sheet,
      query: { emailColumn: 'Email' },
    },
    [`GET ${base}/:spreadsheetId/sheets/:sheetId/rows/:rowNumber`]: { params: { ...sheet, rowNumber: '1' } },
  };
}

type Context = 'params' | 'querystring' | 'body';

interface Request {
  url: string;
  body?: string;
  /** Where the poison is, as the error's `fields` key names it (`body.events.0.payload.page`). */
  field?: { context: Context; key: string };
  /** The poison is in the space id the route's gate reads before validation. */
  gate?: boolean;
}

function urlOf(
  path: string,
  probe: Probe,
  poison?: { param?: [string, string]; query?: [string, string]; filter?: [string, string] },
): string {
  const filled = path.replace(/:(\w+)/g, (_, name: string) => {
    const value = encodeURIComponent(probe.params![name]!);
    return poison?.param?.[0] === name ? `${value}${poison.param[1]}` : value;
  });
  const pairs = Object.entries(probe.query ?? {}).map(([key, value]) => {
    const extra = poison?.query?.[0] === key ? poison.query[1] : '';
    return `${key}=${encodeURIComponent(value)}${extra}`;
  });
  if (probe.filterBy) {
    const filterBy = Object.entries(probe.filterBy)
      .map(([key, value]) => {
        const extra = poison?.filter?.[0] === key ? poison.filter[1] : '';
        return `${encodeURIComponent(`${key}:${encodeURIComponent(value)}`)}${extra}`;
      })
      .join('%2C');
    pairs.push(`filterBy=${filterBy}`);
  }
  return pairs.length ? `${filled}?${pairs.join('&')}` : filled;
}

/** Every string leaf of a JSON value, by path. */
function stringLeaves(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((item, i) => stringLeaves(item, [...path, i]));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, item]) => stringLeaves(item, [...path, key]));
  }
  return [];
}

function withLeaf(value: unknown, path: (string | number)[], poison: string): unknown {
  if (path.length === 0) return `${value as string}${poison}`;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((item, i) => (i === head ? withLeaf(item, rest, poison) : item));
  const record = value as Record<string, unknown>;
  return { ...record, [head!]: withLeaf(record[head!], rest, poison) };
}

/** The valid request, then one request per (text input, poison). */
function requestsFor(
  path: string,
  probe: Probe,
  gate: SpaceIdSource | null,
): { valid: Request; poisoned: Request[] } {
  const json = (body: unknown) => (body === undefined ? undefined : JSON.stringify(body));
  const valid = { url: urlOf(path, probe), body: json(probe.body) };
  const poisoned: Request[] = [];
  for (const name of Object.keys(probe.params ?? {})) {
    for (const poison of PATH_POISONS) {
      poisoned.push({
        url: urlOf(path, probe, { param: [name, poison] }),
        body: valid.body,
        field: { context: 'params', key: name },
        gate: gate?.in === 'params' && gate.name === name,
      });
    }
  }
  for (const name of Object.keys(probe.query ?? {})) {
    for (const poison of QUERY_POISONS) {
      poisoned.push({
        url: urlOf(path, probe, { query: [name, poison] }),
        body: valid.body,
        field: { context: 'querystring', key: name },
      });
    }
  }
  for (const name of Object.keys(probe.filterBy ?? {})) {
    for (const poison of FILTER_POISONS) {
      poisoned.push({
        url: urlOf(path, probe, { filter: [name, poison] }),
        body: valid.body,
        field: { context: 'querystring', key: 'filterBy' },
      });
    }
  }
  for (const leaf of stringLeaves(probe.body)) {
    for (const poison of BODY_POISONS) {
      poisoned.push({
        url: valid.url,
        body: json(withLeaf(probe.body, leaf, poison)),
        field: { context: 'body', key: leaf.join('.') },
        gate: gate?.in === 'body' && leaf.length === 1 && leaf[0] === gate.name,
      });
    }
  }
  for (const body of probe.unsafeBodies ?? []) poisoned.push({ url: valid.url, body: json(body) });
  return { valid, poisoned };
}

describe('NUL characters and lone surrogates in any input', () => {
  let t: TestApp & { baseUrl: string };
  let headers: Record<string, string>;
  let world: World;

  beforeAll(async () => {
    // Many requests from one address: the global limit is not what this file tests.
    t = await createListeningTestApp({ rateLimit: { max: 100_000, timeWindow: '1 minute' } });
    headers = (await signedInAs(t, 'prober@acme.example')).headers;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v2/users/workspace-activation-create-user',
      headers,
      payload: { userEmail: 'prober@acme.example', userName: 'Prober', createSource: 'WEBAPP' },
    });
    expect(created.statusCode).toBe(201);
    const me = created.json() as { id: string; userWorkspaces: { workspaceId: string }[] };
    const spare = await t.app.inject({
      method: 'POST',
      url: '/api/v1/workspaces',
      headers,
      payload: { workspaceName: 'Spare space', userId: me.id },
    });
    expect(spare.statusCode).toBe(201);
    const legacy = await t.app.inject({
      method: 'POST',
      url: '/api/v1/workspaces',
      headers,
      payload: { workspaceName: 'Legacy space', userId: me.id },
    });
    const legacySpaceId = (legacy.json() as { workspaceId: string }).workspaceId;
    await t.database.db
      .update(workspaces)
      .set({ plan: 'LEGACY', legacyType: 'TEAM', status: 'LEGACY' })
      .where(eq(workspaces.id, legacySpaceId));
    world = {
      userId: me.id,
      spaceId: me.userWorkspaces[0]!.workspaceId,
      spareSpaceId: (spare.json() as { workspaceId: string }).workspaceId,
      legacySpaceId,
    };
    // Every permission is settled before validation: the prober owns a paid PREMIUM space, so
    // each call gets as far as validation with its poison.
    await t.database.db.update(workspaces).set({ plan: 'PREMIUM' }).where(eq(workspaces.id, world.spaceId));
    await t.database.db.update(memberships).set({ userPlan: 'PRO' }).where(eq(memberships.userId, me.id));
  });
  afterAll(() => t.close());

  const send = (method: string, request: Request) =>
    t.app.inject({
      method: method as 'GET',
      url: request.url,
      headers: { ...headers, ...(request.body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(request.body === undefined ? {} : { payload: request.body }),
    });

  it('has a probe for every route of the table', () => {
    const table = routes.map((route) => `${route.contract.method} ${route.contract.path}`);
    expect(Object.keys(probes(world)).sort()).toEqual([...table].sort());
  });

  it.each(routes.map((route) => [`${route.contract.method} ${route.contract.path}`] as const))(
    'API-003 CONST-012 %s answers 400 naming the field, never 500',
    async (name) => {
      const [method, path] = name.split(' ') as [string, string];
      const probe = probes(world)[name];
      expect(probe, `no probe for ${name}`).toBeDefined();
      const { access } = routes.find((route) => `${route.contract.method} ${route.contract.path}` === name)!;
      const gate = access.kind === 'space' ? (access.spaceFrom ?? { in: 'params', name: 'id' }) : null;
      const { valid, poisoned } = requestsFor(path, probe!, gate);

      // The probe itself passes validation, so what the poison changes is what is tested.
      const baseline = await send(method, valid);
      expect(baseline.statusCode, `${name} ${baseline.body.slice(0, 300)}`).toBeLessThan(500);
      if (baseline.statusCode === 400) {
        expect(errorBodySchema.parse(baseline.json()).error.code, baseline.body).not.toBe(
          'validation_failed',
        );
      }

      for (const request of poisoned) {
        const res = await send(method, request);
        const label = `${method} ${request.url} ${request.body?.slice(0, 200) ?? ''} → ${res.statusCode} ${res.body.slice(0, 300)}`;
        if (request.gate && res.statusCode === 404) {
          expect(errorBodySchema.parse(res.json()).error.code, label).toBe('not_found');
          continue;
        }
        expect(res.statusCode, label).toBe(400);
        expect(res.headers['content-type'], label).toMatch(/^application\/json/);
        const { error } = errorBodySchema.parse(res.json());
        if (!request.field) {
          expect(error.code, label).toBe('validation_failed');
          continue;
        }
        if (request.field.context === 'params' && error.code === 'bad_request') continue; // 'Malformed URL'
        expect(error.code, label).toBe('validation_failed');
        expect(Object.keys(error.fields ?? {}), label).toContain(
          `${request.field.context}.${request.field.key}`,
        );
      }
    },
  );

  it('API-003 CONST-010 the five CSV exports of a list answer 400 before any byte of a file', async () => {
    // A merge's uploaded file (…/spreadsheet/export) takes no search: its id is probed above.
    const exports = routes.filter((route) => route.contract.path.endsWith('/export') && route.contract.query);
    expect(exports).toHaveLength(5);
    for (const route of exports) {
      const probe = probes(world)[`GET ${route.contract.path}`]!;
      for (const poison of FILTER_POISONS) {
        const url = urlOf(route.contract.path, probe, { filter: ['search', poison] });
        const res = await fetch(`${t.baseUrl}${url}`, { headers });
        const text = await res.text();
        expect(res.status, `${url} ${text.slice(0, 200)}`).toBe(400);
        expect(res.headers.get('content-type')).toMatch(/^application\/json/);
        expect(res.headers.get('content-disposition')).toBeNull();
        expect(errorBodySchema.parse(JSON.parse(text)).error.fields).toHaveProperty('querystring.filterBy');
      }
    }
  });
});
