import { Button, Group, Modal, Progress, Stack, Text, Tooltip } from '@mantine/core';
import {
  cancelDowngradeState,
  SEAT_CONTACT_TEXT,
  SEAT_TEXTS,
  UNLIMITED,
  seatUsagePercent,
  seatsUsedText,
  type SeatSummary,
} from '@mergeboard/core';
import { Link } from 'react-router';
import { env } from '../../../config/env';
import { ConfiguredLink } from '../../../ui/configured-link';
import { paths } from '../../../config/paths';
import { ContactOwner } from './contact-owner';

/** A link styled as a button that is disabled, with its reason, while a downgrade is scheduled. */
function SeatLink({ to, label, blocked }: { to: string; label: string; blocked: boolean }) {
  if (!blocked) {
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
      <Button variant="light" data-disabled aria-disabled onClick={(event) => event.preventDefault()}>
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
                  blocked={scheduled}
                />
                <SeatLink
                  to={paths.space.checkoutRemoveSeats.getHref(prefix)}
                  label="Remove unused seats"
                  blocked={scheduled}
                />
              </Group>
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
