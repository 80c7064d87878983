import { sql, type SQL } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Database, Tx } from '../db/client';

/** pg-boss's own SQL (text with $n parameters) run inside a drizzle transaction. */
function executorIn(tx: Tx) {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const parts: SQL[] = [];
      let last = 0;
      for (const match of text.matchAll(/\$(\d+)/g)) {
        parts.push(sql.raw(text.slice(last, match.index)));
        const value = values[Number(match[1]) - 1];
        const bound = value !== null && typeof value === 'object' ? JSON.stringify(value) : (value ?? null);
        parts.push(sql`${bound}`);
        last = match.index + match[0].length;
      }
      parts.push(sql.raw(text.slice(last)));
      const result = (await tx.execute(sql.join(parts))) as unknown as { rows: Record<string, unknown>[] };
      return { rows: result.rows };
    },
  };
}

/**
 * Enqueues a job in the caller's transaction (RELIABILITY: enqueue with the write that needs it):
 * the job exists exactly when the rows it works on do. `startAfter` delays it.
 */
export async function enqueueInTransaction(
  tx: Tx,
  boss: Pick<PgBoss, 'send'>,
  job: {
    name: string;
    data: object;
    singletonKey?: string;
    startAfter?: Date;
    retry?: { limit: number; delaySeconds: number };
  },
): Promise<void> {
  await boss.send(job.name, job.data, {
    db: executorIn(tx),
    ...(job.singletonKey ? { singletonKey: job.singletonKey } : {}),
    ...(job.startAfter ? { startAfter: job.startAfter.toISOString() } : {}),
    ...(job.retry ? { retryLimit: job.retry.limit, retryDelay: job.retry.delaySeconds } : {}),
  });
}

const senders = new WeakMap<Database, PgBoss>();

/**
 * A pg-boss instance that only enqueues, for code that runs inside a job (which is handed the
 * database, not the process's queue): pg-boss touches the database only through the executor
 * each send is given, so this one is never started.
 */
export function jobSender(database: Database): PgBoss {
  let sender = senders.get(database);
  if (!sender) {
    sender = new PgBoss({
      db: { executeSql: (text: string, values?: unknown[]) => database.execute(text, values) },
    });
    senders.set(database, sender);
  }
  return sender;
}
