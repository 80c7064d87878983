import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import { findSpaceAccess } from '../../access/space-access';
import type { Db } from '../../db/client';
import { bounces, unsubscriptions } from '../../db/schema';

export interface Sender {
  workspaceId: string;
  userId: string;
  email: string;
}

/**
 * The addresses among `emails` that the sender must not mail: listed in the space's unsubscriptions
 * or bounces, as the sender's own entry, or as a WORKSPACE entry while the space shares that list
 * with them (UNSUB-013 / BOUNCE-012, the suppressions feature's visibility rule).
 */
export async function suppressedAmong(
  db: Db,
  sender: Sender,
  emails: readonly string[],
): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const access = await findSpaceAccess(db, sender.workspaceId, { id: sender.userId, email: sender.email });
  const listed = async (table: typeof unsubscriptions, sharingOn: boolean) => {
    const own: SQL = eq(table.createdByUserId, sender.userId);
    const rows = await db
      .select({ email: table.email })
      .from(table)
      .where(
        and(
          eq(table.workspaceId, sender.workspaceId),
          inArray(table.email, [...emails]),
          sharingOn ? or(own, eq(table.type, 'WORKSPACE')) : own,
        ),
      );
    return rows.map((row) => row.email);
  };
  const [unsubscribed, bounced] = await Promise.all([
    listed(unsubscriptions, access?.permissions.sharedUnsubscribes ?? false),
    listed(bounces as unknown as typeof unsubscriptions, access?.permissions.sharedBounces ?? false),
  ]);
  return new Set([...unsubscribed, ...bounced]);
}
