import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import {
  canCloseBillingWarning,
  GENERIC_ERROR,
  liveInvoiceAlert,
  PAYMENT_ALERT_TEXTS,
  paymentAlertKey,
  paymentAlertSubject,
  timestampOf,
  UNKNOWN_END_DATE,
  type BillingWarningVariant,
  type PaymentAlertKind,
  type UserWorkspace,
} from '@mergeboard/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatLongDate } from '../../../ui/format-long-date';
import { useOpenCustomerPortal } from '../api/customer-portal';
import { useLatestInvoice } from '../api/latest-invoice';
import { useSubscriptions } from '../api/list-subscriptions';
import { useAlerts } from '../../alerts';

/** BILL-024: the end date, or '--' when the subscription does not say. */
function endDateOf(endTimestamp: string | undefined): string {
  const end = endTimestamp === undefined ? Number.NaN : timestampOf(endTimestamp);
  return Number.isFinite(end) && end > 0 ? formatLongDate(end) : UNKNOWN_END_DATE;
}

/**
 * BILL-017 BILL-018 BILL-019 BILL-020 BILL-021 BILL-022 BILL-023 BILL-024 BILL-025, ALERT-010 ALERT-011
 * ALERT-012 ALERT-013 ALERT-014: the payment warnings of the active space, for its ADMIN or OWNER (the shell
 * loads this only for them, so members never ask for the subscriptions, BILL-021). A live subscription's
 * latest invoice says whether the last payment failed or waits for a confirmation; a space whose
 * subscriptions were all canceled on an unpaid invoice is told so. A warning that can be closed is dismissed
 * for good under its key; in the second variant (per-seat spaces, see core payment-alerts-gate) the failed
 * and waiting ones stay while they hold.
 */
export function PaymentAlerts({ space, variant }: { space: UserWorkspace; variant: BillingWarningVariant }) {
  const { isDismissed, dismissKey } = useAlerts();
  const subscriptions = useSubscriptions(space.workspaceId, { enabled: true });
  const subject = paymentAlertSubject(subscriptions.data?.items ?? []);
  const invoice = useLatestInvoice(
    space.workspaceId,
    subject?.kind === 'live' ? subject.subscription.subscriptionId : null,
  );
  const portal = useOpenCustomerPortal(space.workspaceId);
  if (!subject) return null;

  const kind: PaymentAlertKind | null =
    subject.kind === 'canceled'
      ? 'subscription-canceled'
      : invoice.data
        ? liveInvoiceAlert(invoice.data.paymentState)
        : null;
  if (!kind) return null;
  const key = paymentAlertKey(kind, subject.subscription.subscriptionId);
  const closable = canCloseBillingWarning(kind, variant);
  if (closable && isDismissed(key)) return null;
  const texts = PAYMENT_ALERT_TEXTS[kind];
  const hostedInvoiceUrl = invoice.data?.hostedInvoiceUrl ?? null;

  return (
    <Alert
      color={kind === 'subscription-canceled' ? 'red' : 'yellow'}
      title={texts.title}
      withCloseButton={closable}
      closeButtonLabel="Dismiss"
      onClose={() => dismissKey(key)}
      data-alert-kind={kind}
      mb="md"
    >
      <Stack gap={4} align="flex-start">
        <Text size="sm">{texts.message(endDateOf(subject.subscription.endTimestamp))}</Text>
        {kind === 'payment-failed' && (
          <>
            <Button
              variant="white"
              size="compact-sm"
              c="dark"
              td="underline"
              px={0}
              loading={portal.busy}
              onClick={() => void portal.open()}
            >
              {texts.link}
            </Button>
            {portal.failed && (
              <Text size="sm" role="alert">
                {GENERIC_ERROR.message}
              </Text>
            )}
          </>
        )}
        {kind === 'requires-confirmation' && hostedInvoiceUrl && (
          <Anchor href={hostedInvoiceUrl} size="sm" c="inherit" underline="always">
            {texts.link}
          </Anchor>
        )}
        {kind === 'subscription-canceled' && (
          <Anchor
            component={Link}
            to={paths.space.billing.getHref(space.urlPrefix, '?show-plans=1')}
            size="sm"
            c="inherit"
            underline="always"
          >
            {texts.link}
          </Anchor>
        )}
      </Stack>
    </Alert>
  );
}
