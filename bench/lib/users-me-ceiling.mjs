// The ceiling of `GET /api/v2/users/me?includeWorkspaces=true`: a bare Fastify route on a `pg`
// pool sending the same statements the real route sends, in the same order (the live session
// first, then the user's counters, rollout, license and spaces side by side), and answering the
// same fields. What it leaves out is everything that makes the real one safe and uniform: no
// token signature check (the session id is read from the token's payload unverified), no rate
// limit, no validation or schema check of the answer, no logging, no security headers.
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10, options: '-c jit=off' });
const app = Fastify({ logger: false });

const SESSION = `SELECT s.id AS session_id, s.expires_at, i.id AS identity_id, i.name AS identity_name,
    i.picture_url, u.id, u.email, u.name, u.profile_picture_url, u.is_personal,
    u.installation_timestamp, u.status, u.free_user_quota, u.addon_workspace_id, u.domain, u.updated_at
  FROM sessions s JOIN identities i ON i.id = s.identity_id LEFT JOIN users u ON u.id = i.user_id
  WHERE s.id = $1 AND s.revoked_at IS NULL AND s.expires_at > now() LIMIT 1`;
const TOTAL = 'SELECT sum(sent) AS count FROM sender_monthly_sent WHERE user_id = $1';
const MONTHLY = `SELECT month::text AS month, sum(sent)::int AS count FROM sender_monthly_sent
  WHERE user_id = $1 AND month >= $2 GROUP BY month ORDER BY month`;
const ROLLOUT = 'SELECT * FROM rollout_status WHERE user_id = $1 LIMIT 1';
const LICENSE = `SELECT s.id, s.payment_source FROM subscriptions s
  JOIN memberships m ON m.workspace_id = s.workspace_id
  WHERE m.user_id = $1 AND m.role = 'OWNER' AND s.status = 'ACTIVE' ORDER BY s.created_at DESC LIMIT 1`;
const SPACES = `SELECT w.id, w.name, w.slug, w.plan, w.legacy_type, w.status AS workspace_status,
    m.user_plan, m.role, m.status, w.free_has_multi_domain, w.free_allowed_user_count
  FROM memberships m JOIN workspaces w ON w.id = m.workspace_id
  WHERE m.user_id = $1 AND m.status <> 'PENDING' ORDER BY w.name`;

const YEAR_MS = 366 * 24 * 60 * 60 * 1000;

async function counters(userId) {
  const since = new Date(Date.now() - YEAR_MS);
  const firstMonth = new Date(Date.UTC(since.getUTCFullYear(), since.getUTCMonth(), 1))
    .toISOString()
    .slice(0, 10);
  const total = await pool.query(TOTAL, [userId]);
  const monthly = await pool.query(MONTHLY, [userId, firstMonth]);
  return { total: Number(total.rows[0]?.count ?? 0), monthly: monthly.rows };
}

app.get('/api/v2/users/me', async (request, reply) => {
  const token = /^Bearer (\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  const sid = token ? JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).sid : null;
  const { rows } = await pool.query(SESSION, [sid]);
  const user = rows[0];
  if (!user?.id) return reply.status(401).send({ error: { code: 'session_expired', message: 'no session' } });
  const [count, rollout, license, spaces] = await Promise.all([
    counters(user.id),
    pool.query(ROLLOUT, [user.id]),
    pool.query(LICENSE, [user.id]),
    pool.query(SPACES, [user.id]),
  ]);
  const userName = user.name ?? user.identity_name ?? user.email.split('@')[0];
  return {
    userId: user.id,
    id: user.id,
    userEmail: user.email,
    userName,
    profilePictureUrl: user.profile_picture_url ?? user.picture_url,
    status: user.status,
    isPersonal: user.is_personal,
    installationTimestamp: user.installation_timestamp?.getTime() ?? null,
    lastUpdateTimestamp: user.updated_at.getTime(),
    domain: user.domain ? { domainName: user.domain } : null,
    addonWorkspaceId: user.addon_workspace_id,
    freeUserQuota: user.free_user_quota,
    isPerSeat: rollout.rows[0]?.is_per_seat ?? true,
    license: license.rows[0]
      ? { subscriptionId: license.rows[0].id, paymentSource: license.rows[0].payment_source }
      : null,
    totalNumberOfMailsSent: { count: count.total },
    monthlySentMails: count.monthly.map(({ month, count: n }) => ({
      year: Number(month.slice(0, 4)),
      month: Number(month.slice(5, 7)),
      count: n,
    })),
    userWorkspaces: spaces.rows.map((row) => ({
      workspaceId: row.id,
      workspaceName: row.name,
      workspacePlan: row.plan,
      userPlan: row.user_plan,
      userRole: row.role,
      status: row.status,
      workspaceStatus: row.workspace_status,
      urlPrefix: `/${row.id}/${row.slug}`,
      legacyPlanType: row.legacy_type,
      isSendingWorkspace: row.id === user.addon_workspace_id,
      workspaceUserFeature: {
        hasMultiDomain: row.free_has_multi_domain,
        allowedUserCount: row.free_allowed_user_count,
        workspacePlan: row.plan,
        userPlan: row.user_plan,
      },
    })),
  };
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('ready');
