import { billingWarningVariant, loadsPaymentAlerts, type UserWorkspace } from '@mergeboard/core';
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { useOptionalSpace } from '../../spaces';

// The payment warnings load only for a manager of a paying space (or on the billing page).
const PaymentAlerts = lazy(async () => ({ default: (await import('./payment-alerts')).PaymentAlerts }));

/** BILL-022 BILL-023 BILL-024 BILL-025: where the shell shows the payment warnings, above the page's alerts. */
export function PaymentAlertsNotice({ space }: { space?: UserWorkspace | null }) {
  const { pathname } = useLocation();
  const inSpace = useOptionalSpace();
  const billingAccess = inSpace?.permissions.canAccessWorkspaceBilling ?? false;
  const variant = billingWarningVariant(inSpace?.isPerSeat ?? false);
  const onBilling = pathname.endsWith('/space/billing');
  if (space == null || !loadsPaymentAlerts(space, { onBilling, billingAccess, variant })) return null;
  return (
    <Suspense>
      <PaymentAlerts space={space} variant={variant} />
    </Suspense>
  );
}
