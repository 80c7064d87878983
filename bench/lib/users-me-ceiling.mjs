// The ceiling of `GET /api/v2/users/me?includeWorkspaces=true`: a bare Fastify route on a `pg`
// pool sending the very statements the real route sends (the SQL text Drizzle builds for it, as
// named prepared statements like the server's), in the same order — the live session first, then
// the user's monthly counts, rollout, license and spaces side by side — and answering the same
// fields. What it leaves out is everything that makes the real one safe and uniform: no token
// signature check (the session id is read from the token's payload unverified), no rate limit, no
// validation or schema check of the answer, no logging, no security headers.
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10, options: '-c jit=off' });
const app = Fastify({ logger: false });

const statement = (name, text) => (values) => pool.query({ name, text, values, rowMode: 'array' });
const SESSION = statement(
  'mb_request_session',
  `select "sessions"."id", "sessions"."expires_at", "identities"."id", "identities"."user_id", "identities"."issuer", "identities"."subject", "identities"."email", "identities"."name", "identities"."picture_url", "identities"."created_at", "identities"."last_login_at", "identities"."compose_granted_at", "users"."id", "users"."email", "users"."name", "users"."profile_picture_url", "users"."is_personal", "users"."installation_timestamp", "users"."status", "users"."free_user_quota", "users"."addon_workspace_id", "users"."domain", "users"."create_source", "users"."created_at", "users"."updated_at" from "sessions" inner join "identities" on "identities"."id" = "sessions"."identity_id" left join "users" on "users"."id" = "identities"."user_id" where ("sessions"."id" = $1 and "sessions"."revoked_at" is null and "sessions"."expires_at" > now()) limit $2`,
);
const MONTHLY = statement(
  'mb_user_monthly_sent',
  `select "month"::text, sum("sent") from "sender_monthly_sent" where "sender_monthly_sent"."user_id" = $1 group by "sender_monthly_sent"."month" order by "sender_monthly_sent"."month"`,
);
const ROLLOUT = statement(
  'mb_user_rollout',
  `select "user_id", "is_registered", "is_eligible", "is_per_seat", "user_v2", "last_activated_step", "created_at", "updated_at" from "rollout_status" where "rollout_status"."user_id" = $1 limit $2`,
);
const LICENSE = statement(
  'mb_user_owned_license',
  `select "subscriptions"."id", "subscriptions"."payment_source" from "subscriptions" inner join "memberships" on "memberships"."workspace_id" = "subscriptions"."workspace_id" where ("memberships"."user_id" = $1 and "memberships"."role" = $2 and "subscriptions"."status" = $3) order by "subscriptions"."created_at" desc limit $4`,
);
const SPACES = statement(
  'mb_user_workspaces',
  `select "memberships"."id", "memberships"."workspace_id", "memberships"."user_id", "memberships"."role", "memberships"."status", "memberships"."user_plan", "memberships"."seat_type", "memberships"."free_trial_end", "memberships"."is_paid", "memberships"."to_be_removed", "memberships"."last_become_paid_at", "memberships"."created_at", "memberships"."updated_at", "workspaces"."id", "workspaces"."name", "workspaces"."slug", "workspaces"."plan", "workspaces"."legacy_type", "workspaces"."status", "workspaces"."is_per_seat", "workspaces"."member_invite_user", "workspaces"."free_has_multi_domain", "workspaces"."free_allowed_user_count", "workspaces"."pro_has_multi_domain", "workspaces"."pro_allowed_user_count", "workspaces"."pro_personal_has_multi_domain", "workspaces"."pro_personal_allowed_user_count", "workspaces"."created_at", "workspaces"."updated_at" from "memberships" inner join "workspaces" on "workspaces"."id" = "memberships"."workspace_id" where ("memberships"."user_id" = $1 and "memberships"."status" <> $2) order by "workspaces"."name"`,
);

const YEAR_MS = 366 * 24 * 60 * 60 * 1000;

function counters(rows) {
  const since = new Date(Date.now() - YEAR_MS);
  const firstMonth = new Date(Date.UTC(since.getUTCFullYear(), since.getUTCMonth(), 1))
    .toISOString()
    .slice(0, 10);
  let total = 0;
  const monthly = [];
  for (const [month, sum] of rows) {
    total += Number(sum);
    if (month >= firstMonth)
      monthly.push({ year: Number(month.slice(0, 4)), month: Number(month.slice(5, 7)), count: Number(sum) });
  }
  return { total, monthly };
}

// Positions in the SPACES row: the membership's columns, then the space's from 13 on.
const allowed = (row) =>
  row[5] === 'PRO'
    ? { hasMultiDomain: row[23], allowedUserCount: row[24] }
    : row[5] === 'PRO_PERSONAL'
      ? { hasMultiDomain: row[25], allowedUserCount: row[26] }
      : { hasMultiDomain: row[21], allowedUserCount: row[22] };

app.get('/api/v2/users/me', async (request, reply) => {
  const token = /^Bearer (\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  const sid = token ? JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).sid : null;
  const session = (await SESSION([sid, 1])).rows[0];
  // The user's columns start at 12, the identity's at 2.
  if (!session?.[12])
    return reply.status(401).send({ error: { code: 'session_expired', message: 'no session' } });
  const userId = session[12];
  const [monthly, rollout, license, spaces] = await Promise.all([
    MONTHLY([userId]),
    ROLLOUT([userId, 1]),
    LICENSE([userId, 'OWNER', 'ACTIVE', 1]),
    SPACES([userId, 'PENDING']),
  ]);
  const count = counters(monthly.rows);
  const email = session[13];
  const userName = session[14] ?? session[7] ?? email.split('@')[0];
  const addonWorkspaceId = session[20];
  return {
    userId,
    id: userId,
    userEmail: email,
    userName,
    profilePictureUrl: session[15] ?? session[8],
    status: session[18],
    isPersonal: session[16],
    installationTimestamp: session[17]?.getTime() ?? null,
    lastUpdateTimestamp: session[24].getTime(),
    domain: session[21] ? { domainName: session[21] } : null,
    addonWorkspaceId,
    freeUserQuota: session[19],
    isPerSeat: rollout.rows[0]?.[3] ?? true,
    license: license.rows[0]
      ? { subscriptionId: license.rows[0][0], paymentSource: license.rows[0][1] }
      : null,
    totalNumberOfMailsSent: { count: count.total },
    monthlySentMails: count.monthly,
    userWorkspaces: spaces.rows.map((row) => ({
      workspaceId: row[13],
      workspaceName: row[14],
      workspacePlan: row[16],
      userPlan: row[5],
      userRole: row[3],
      status: row[4],
      workspaceStatus: row[18],
      urlPrefix: `/${row[13]}/${row[15]}`,
      legacyPlanType: row[17],
      isSendingWorkspace: row[13] === addonWorkspaceId,
      workspaceUserFeature: { ...allowed(row), workspacePlan: row[16], userPlan: row[5] },
    })),
  };
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('ready');
