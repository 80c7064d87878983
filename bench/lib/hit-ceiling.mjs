// The ceiling of the hit endpoints (bench/hit-endpoints.mjs): a bare Fastify route on a `pg` pool
// (10 connections, as the server's) doing the one indexed write a hit needs, as a named prepared
// statement, and answering what the real route answers (a 1×1 GIF; a 302 to the merge's link).
// What it leaves out is what makes the real one honest and safe: no HMAC check of the token (the
// row id is read from its bytes unverified), no person-or-machine classification, no burst rule
// nor campaign counters, no rate limit, no security headers, no logging.
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10, options: '-c jit=off' });
const app = Fastify({ logger: false });
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** The row id and index a token names (bytes 2–17 and 18), unverified. */
function read(token) {
  const hex = Buffer.from(token, 'base64url').subarray(2, 18).toString('hex');
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return { id, index: Buffer.from(token, 'base64url')[18] };
}

app.get('/o/:token', async (request, reply) => {
  await pool.query({
    name: 'ceiling_open',
    text: 'UPDATE campaign_recipients SET open_hits = open_hits + 1, opened_at = coalesce(opened_at, now()) WHERE id = $1',
    values: [read(request.params.token).id],
  });
  return reply.type('image/gif').header('cache-control', 'no-store, private').send(PIXEL);
});

app.get('/c/:token', async (request, reply) => {
  const { id, index } = read(request.params.token);
  const { rows } = await pool.query({
    name: 'ceiling_click',
    text: `UPDATE campaign_recipients r SET click_hits = r.click_hits + 1, clicked_at = coalesce(r.clicked_at, now())
      FROM merges m WHERE r.id = $1 AND m.campaign_id = r.campaign_id RETURNING m.links[$2::int + 1] AS target`,
    values: [id, index],
  });
  return reply.redirect(rows[0].target, 302);
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('ready');
