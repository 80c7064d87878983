import { Alert, Stack, Text } from '@mantine/core';
import { isOwner, type UserWorkspace } from '@mergeboard/core';
import { useLocation } from 'react-router';
import { env } from '../../../config/env';
import { ConfiguredLink } from '../../../ui/configured-link';
import { LEGACY_ALERT_TEXT } from '../alert-texts';
import { useAlerts } from './alert-context';
import type { AppAlert } from './alert-context';

const COLORS: Record<AppAlert['kind'], string> = {
  create: 'green',
  remove: 'green',
  transfer: 'green',
  join: 'green',
  error: 'red',
};

export function legacyAlertKey(workspaceId: string): string {
  return `legacy:${workspaceId}`;
}

/**
 * The banners above a page: the page's alerts and the legacy-plan warning for an OWNER of a LEGACY
 * space (ALERT-003 ALERT-004), dismissible for good, never on the billing page. The payment
 * warnings are billing's (PaymentAlertsNotice), shown by the shell just above these.
 */
export function AlertsArea({ space }: { space?: UserWorkspace | null }) {
  const { alerts, closeAlert, isDismissed, dismissKey } = useAlerts();
  const { pathname } = useLocation();
  const onBilling = pathname.endsWith('/space/billing');
  const showLegacy =
    space != null &&
    isOwner(space.userRole) &&
    space.workspacePlan === 'LEGACY' &&
    !onBilling &&
    !isDismissed(legacyAlertKey(space.workspaceId));

  if (!showLegacy && alerts.length === 0) return null;
  return (
    <Stack gap="sm" mb="md">
      {showLegacy && (
        <Alert
          color="yellow"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => dismissKey(legacyAlertKey(space.workspaceId))}
          data-alert-kind="legacy"
        >
          <Text size="sm">
            {LEGACY_ALERT_TEXT}{' '}
            {/* The theme's link colour has 4.4:1 on the yellow tint: the text's own colour, underlined. */}
            <ConfiguredLink
              href={env.helpCenterUrl}
              hideWithout
              target="_blank"
              rel="noreferrer"
              size="sm"
              c="inherit"
              underline="always"
            >
              Learn more
            </ConfiguredLink>
          </Text>
        </Alert>
      )}
      {alerts.map((alert) => (
        <Alert
          key={alert.id}
          color={COLORS[alert.kind]}
          title={alert.title}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => closeAlert(alert.id)}
          data-alert-kind={alert.kind}
        >
          {alert.message}
        </Alert>
      ))}
    </Stack>
  );
}
