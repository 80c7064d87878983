/**
 * SEAT-030: the navigation state that opens the cancel-downgrade dialog on arrival: from the
 * Users page's seat actions (user assignment) or from the billing page itself.
 */
export type CancelDowngradeOrigin = 'users' | 'billing';

export const cancelDowngradeState = (origin: CancelDowngradeOrigin) => ({ cancelDowngrade: origin });

/** The origin a location's state asks the dialog for, or null. */
export function cancelDowngradeOrigin(state: unknown): CancelDowngradeOrigin | null {
  const value = (state as { cancelDowngrade?: unknown } | null)?.cancelDowngrade;
  return value === 'users' || value === 'billing' ? value : null;
}
