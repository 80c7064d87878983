import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Database } from '../../db/client';
import { oidcPayloads } from './schema';

/**
 * Models whose rows belong to a grant: revoking the grant deletes them (oidc-provider's own
 * memory adapter draws the same line, so Sessions and Interactions survive a grant revocation).
 */
const GRANT_MEMBERS = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
  'PreAuthorizedCode',
]);

/** A row counts only until it expires; the purge job removes it later. */
const live = () => or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, sql`now()`));

/**
 * oidc-provider's storage over the `oidc_payloads` table, one instance per model (Session,
 * Interaction, AuthorizationCode, Grant…). Expiry is computed and compared on the database clock,
 * so every server process agrees on it.
 */
export class DatabaseAdapter implements Adapter {
  constructor(
    private readonly database: Database,
    private readonly model: string,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const row = {
      payload: payload as Record<string, unknown>,
      grantId: GRANT_MEMBERS.has(this.model) ? (payload.grantId ?? null) : null,
      userCode: payload.userCode ?? null,
      uid: payload.uid ?? null,
      expiresAt:
        typeof expiresIn === 'number' ? sql`now() + make_interval(secs => ${Math.max(0, expiresIn)})` : null,
      consumedAt: typeof payload.consumed === 'number' ? new Date(payload.consumed * 1000) : null,
    };
    await this.database.db
      .insert(oidcPayloads)
      .values({ model: this.model, id, ...row })
      .onConflictDoUpdate({ target: [oidcPayloads.model, oidcPayloads.id], set: row });
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    return this.findWhere(eq(oidcPayloads.id, id));
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.findWhere(eq(oidcPayloads.uid, uid));
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.findWhere(eq(oidcPayloads.userCode, userCode));
  }

  async consume(id: string): Promise<void> {
    // oidc-provider reads `consumed` (epoch seconds) from the payload to refuse a reused code.
    await this.database.db
      .update(oidcPayloads)
      .set({
        consumedAt: sql`now()`,
        payload: sql`${oidcPayloads.payload} || jsonb_build_object('consumed', floor(extract(epoch from now()))::bigint)`,
      })
      .where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id)));
  }

  async destroy(id: string): Promise<void> {
    await this.database.db
      .delete(oidcPayloads)
      .where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id)));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    // Every model's tokens of the grant go at once, whichever adapter instance is asked.
    await this.database.db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId));
  }

  private async findWhere(condition: ReturnType<typeof eq>): Promise<AdapterPayload | undefined> {
    const [row] = await this.database.db
      .select({ payload: oidcPayloads.payload })
      .from(oidcPayloads)
      .where(and(eq(oidcPayloads.model, this.model), condition, live()))
      .limit(1);
    return row ? (row.payload as AdapterPayload) : undefined;
  }
}

/** What oidc-provider's `adapter` option takes: a factory called once per model name. */
export function databaseAdapterFactory(database: Database): (model: string) => Adapter {
  return (model) => new DatabaseAdapter(database, model);
}

/** Deletes rows that have expired; safe to run from any process at any time. */
export async function purgeExpiredIssuerState(database: Database): Promise<void> {
  await database.db.delete(oidcPayloads).where(sql`${oidcPayloads.expiresAt} < now()`);
}
