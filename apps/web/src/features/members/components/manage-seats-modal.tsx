import { Button, Group, Modal, Progress, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import {
  cancelDowngradeState,
  SEAT_CONTACT_TEXT,
  SEAT_TEXTS,
  UNLIMITED,
  seatUsagePercent,
  seatsUsedText,
  type SeatSummary,
} from '@mergeboard/core';
import { useId } from 'react';
import { Link } from 'react-router';
import { env } from '../../../config/env';
import { ConfiguredLink } from '../../../ui/configured-link';
import { paths } from '../../../config/paths';
import { ContactOwner } from './contact-owner';

/**
 * A link styled as a button; while a downgrade is scheduled, a button that does nothing and says
 * why (SEAT-025): on hover and on keyboard focus in a tooltip, and to screen readers as its
 * description. aria-disabled rather than disabled, so that it keeps its place in the Tab order.
 */
function SeatLink({
  to,
  label,
  blockedReasonId,
}: {
  to: string;
  label: string;
  /** The id of the reason's text while the control is blocked; null when it is not. */
  blockedReasonId: string | null;
}) {
  if (blockedReasonId === null) {
    return (
      <Button component={Link} to={to} variant="light">
        {label}
      </Button>
    );
  }
  return (
    <Tooltip
      label={SEAT_TEXTS.cancelDowngradeFirst}
      multiline
      maw={260}
      events={{ hover: true, focus: true, touch: true }}
    >
      <Button
        variant="light"
        data-disabled
        aria-disabled
        aria-describedby={blockedReasonId}
        onClick={(event) => event.preventDefault()}
      >
        {label}
      </Button>
    </Tooltip>
  );
}

/**
 * SEAT-031, PERM-022, PERM-024: the usage bar, then for the owner Add seats and Remove unused
 * seats (the checkout's seat pages), Cancel downgrade while a seat removal is scheduled (on the
 * billing page, SEAT-028 SEAT-029 SEAT-030), and contact support; anyone else is told to contact the owner.
 */
export function ManageSeatsModal({
  opened,
  onClose,
  seats,
  prefix,
  canManageSeats,
  ownerEmail,
}: {
  opened: boolean;
  onClose: () => void;
  seats: SeatSummary;
  prefix: string;
  canManageSeats: boolean;
  ownerEmail: string | null;
}) {
  const percent = seatUsagePercent(seats);
  const used = seatsUsedText(seats);
  const scheduled = seats.scheduledRemoval !== null;
  const limited = seats.totalSeats !== UNLIMITED;
  const reasonId = useId();
  const blockedReasonId = scheduled ? reasonId : null;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Manage seats"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack>
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            {used}
          </Text>
          {limited && <Progress value={percent} aria-label={used} size="lg" />}
          {limited && (
            <Text size="sm" c="dimmed">
              {seats.availableSeats} of {seats.totalSeats} seats available
            </Text>
          )}
        </Stack>
        {canManageSeats ? (
          <>
            {limited && (
              <Group>
                <SeatLink
                  to={paths.space.checkoutAddSeats.getHref(prefix)}
                  label="Add seats"
                  blockedReasonId={blockedReasonId}
                />
                <SeatLink
                  to={paths.space.checkoutRemoveSeats.getHref(prefix)}
                  label="Remove unused seats"
                  blockedReasonId={blockedReasonId}
                />
              </Group>
            )}
            {limited && scheduled && (
              <VisuallyHidden id={reasonId}>{SEAT_TEXTS.cancelDowngradeFirst}</VisuallyHidden>
            )}
            {scheduled && (
              <Group>
                <Button
                  component={Link}
                  to={paths.space.billing.getHref(prefix)}
                  state={cancelDowngradeState('users')}
                  color="red"
                  variant="outline"
                >
                  Cancel downgrade
                </Button>
              </Group>
            )}
            <Text size="sm">
              {SEAT_CONTACT_TEXT}
              {'. '}
              <ConfiguredLink href={env.supportUrl}>contact support</ConfiguredLink>
            </Text>
          </>
        ) : (
          <ContactOwner ownerEmail={ownerEmail} />
        )}
      </Stack>
    </Modal>
  );
}
