import type { Db } from '../../../db/client';
import { providerEvents } from '../../../db/schema';

/** Records a provider's event once; answers whether this delivery was the first. */
export async function recordProviderEvent(
  db: Db,
  event: { provider: string; eventId: string; type: string; payload: unknown },
): Promise<boolean> {
  const inserted = await db
    .insert(providerEvents)
    .values(event)
    .onConflictDoNothing({ target: [providerEvents.provider, providerEvents.eventId] })
    .returning({ id: providerEvents.id });
  return inserted.length > 0;
}
