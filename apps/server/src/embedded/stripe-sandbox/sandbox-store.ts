import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sandboxStripeObjects } from './schema';
import { missingResource } from './sandbox-errors';

export type StripeObject = Record<string, unknown> & { id: string; object: string };

/** Stripe's list shape; `has_more` says a longer limit would have found more. */
export interface StripeList {
  object: 'list';
  data: StripeObject[];
  has_more: boolean;
  url: string;
}

export async function insertObject<T extends StripeObject>(db: Db, value: T): Promise<T> {
  await db.insert(sandboxStripeObjects).values({ id: value.id, object: value.object, data: value });
  return value;
}

/** The object with this id, of this kind, or Stripe's 404 `resource_missing`. */
export async function getObject(db: Db, object: string, id: string, param?: string): Promise<StripeObject> {
  const [row] = await db
    .select({ data: sandboxStripeObjects.data })
    .from(sandboxStripeObjects)
    .where(and(eq(sandboxStripeObjects.id, id), eq(sandboxStripeObjects.object, object)));
  if (!row) throw missingResource(object, id, param);
  return row.data as StripeObject;
}

export async function findObject(db: Db, object: string, id: string): Promise<StripeObject | null> {
  const [row] = await db
    .select({ data: sandboxStripeObjects.data })
    .from(sandboxStripeObjects)
    .where(and(eq(sandboxStripeObjects.id, id), eq(sandboxStripeObjects.object, object)));
  return (row?.data as StripeObject | undefined) ?? null;
}

export async function replaceObject<T extends StripeObject>(db: Db, value: T): Promise<T> {
  await db.update(sandboxStripeObjects).set({ data: value }).where(eq(sandboxStripeObjects.id, value.id));
  return value;
}

/**
 * Objects of one kind, newest first, whose documents contain `contains` (jsonb @>) and, when
 * given, whose `field` is one of `anyOf`.
 */
export async function listObjects(
  db: Db,
  options: {
    object: string;
    url: string;
    limit: number;
    contains?: Record<string, unknown>;
    anyOf?: { field: string; values: string[] };
  },
): Promise<StripeList> {
  const conditions = [eq(sandboxStripeObjects.object, options.object)];
  if (options.contains && Object.keys(options.contains).length > 0) {
    conditions.push(sql`${sandboxStripeObjects.data} @> ${JSON.stringify(options.contains)}::jsonb`);
  }
  if (options.anyOf) {
    conditions.push(
      inArray(sql<string>`${sandboxStripeObjects.data} ->> ${options.anyOf.field}`, options.anyOf.values),
    );
  }
  const rows = await db
    .select({ data: sandboxStripeObjects.data })
    .from(sandboxStripeObjects)
    .where(and(...conditions))
    .orderBy(desc(sandboxStripeObjects.createdAt), desc(sandboxStripeObjects.id))
    .limit(options.limit + 1);
  return {
    object: 'list',
    data: rows.slice(0, options.limit).map((row) => row.data as StripeObject),
    has_more: rows.length > options.limit,
    url: options.url,
  };
}

/** The object, locked until the surrounding transaction ends: one payment of a session at a time. */
export async function lockObject(db: Db, object: string, id: string): Promise<StripeObject | null> {
  const [row] = await db
    .select({ data: sandboxStripeObjects.data })
    .from(sandboxStripeObjects)
    .where(and(eq(sandboxStripeObjects.id, id), eq(sandboxStripeObjects.object, object)))
    .for('update');
  return (row?.data as StripeObject | undefined) ?? null;
}
