import { sendEvents } from './api/record-events';
import type { AnalyticsEvent } from './api/record-events';

/** Events logged close together go out in one call (at most 50, the contract's limit). */
const EVENT_BATCH_DELAY_MS = 300;
const MAX_BATCH = 50;

let queue: AnalyticsEvent[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;
let listening = false;

function listenForPageExit(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  // The tab is going away: send what is left with keepalive so the request survives it.
  window.addEventListener('pagehide', () => void flushEvents({ keepalive: true }));
}

/**
 * Queues one event for the next batch (EVT-001). Never throws and never waits: a failed send
 * is dropped, logging must not disturb the screen.
 */
export function logEvent(eventType: string, payload: Record<string, unknown>, workspaceId?: string): void {
  queue.push(workspaceId ? { eventType, payload, workspaceId } : { eventType, payload });
  listenForPageExit();
  timer ??= setTimeout(() => void flushEvents(), EVENT_BATCH_DELAY_MS);
}

/** Sends every queued event now. */
export async function flushEvents(options: { keepalive?: boolean } = {}): Promise<void> {
  if (timer !== null) clearTimeout(timer);
  timer = null;
  const pending = queue;
  queue = [];
  const batches: AnalyticsEvent[][] = [];
  for (let start = 0; start < pending.length; start += MAX_BATCH) {
    batches.push(pending.slice(start, start + MAX_BATCH));
  }
  await Promise.all(
    batches.map((events) =>
      sendEvents(events, options).catch((error: unknown) => {
        console.warn('Could not record events', error);
      }),
    ),
  );
}

/** Drops queued events and the pending send (between component tests). */
export function resetEventQueue(): void {
  if (timer !== null) clearTimeout(timer);
  timer = null;
  queue = [];
}
