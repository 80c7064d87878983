import type { StripeObject } from './sandbox-store';

/**
 * An event's `previous_attributes`: the earlier value of every public field that changed, as
 * Stripe sends with `*.updated` events.
 */
export function previousAttributes(before: StripeObject, after: StripeObject): Record<string, unknown> {
  const previous: Record<string, unknown> = {};
  for (const key of Object.keys({ ...before, ...after })) {
    if (key.startsWith('_')) continue;
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) previous[key] = before[key] ?? null;
  }
  return previous;
}
