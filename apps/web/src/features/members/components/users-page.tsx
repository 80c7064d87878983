import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import {
  cancelDowngradeState,
  MEMBER_BANNERS,
  MEMBER_TEXTS,
  UNLIMITED,
  addMembersAction,
  seatsAvailableText,
  seatsUsedText,
  type SeatSummary,
} from '@mergeboard/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/page-title';
import { usePaidElsewhere, useSpace } from '../../spaces';
import { useAddWorkspaceUsers } from '../api/add-workspace-users';
import { ScheduledRemovalNotice, useSeatSummary } from '../../billing';
import { AddressesModal } from './addresses-modal';
import { ContactOwner } from './contact-owner';
import { ManageSeatsModal } from './manage-seats-modal';
import { MembersDrawer, SearchableMembers, SelectionHint, SuccessBanner } from './page-parts';
import { useMembersPage } from './use-members-page';

/** MEM-010, MEM-056: what a seat space has room for, beside the addresses typed. */
function SeatsNotice({ seats, count }: { seats: SeatSummary | null; count: number }) {
  if (!seats || seats.availableSeats === UNLIMITED) return null;
  return (
    <Stack gap="xs">
      <Text size="sm">
        Seats available: <strong>{seats.availableSeats}</strong>
      </Text>
      {count > seats.availableSeats && (
        <Alert color="yellow" role="status">
          {seatsAvailableText(seats.availableSeats)}
        </Alert>
      )}
    </Stack>
  );
}

/**
 * The seat-based Users page (001 §2, MEM-001 MEM-002 MEM-003 MEM-004 MEM-005 MEM-006 MEM-007 MEM-008 MEM-009
 * MEM-010 MEM-011 MEM-012 MEM-013, MEM-042 MEM-043 MEM-044 MEM-045 MEM-046 MEM-047): the members table with
 * search, sorting and selection, the seat count with Manage seats and Add members for the managers, the
 * selection drawer, and the add, seats and remove dialogs. A paid member sees the list only.
 */
export function UsersPage() {
  usePageTitle('Users');
  const { space, permissions, prefix, details, isPerSeat } = useSpace();
  const workspaceId = space.workspaceId;
  const page = useMembersPage();
  const navigate = useNavigate();
  const manager = permissions.canManageSeatMembers;
  const seatQuery = useSeatSummary(workspaceId, { enabled: permissions.canReadSubscriptions });
  const seats = seatQuery.data ?? null;
  const add = useAddWorkspaceUsers(workspaceId);
  // MEM-036: outside the seat model the drawer changes who is paid, so it needs who is paid elsewhere.
  const paidElsewhere = usePaidElsewhere(workspaceId, { enabled: manager && !isPerSeat }).data;
  const restrictions = details?.restrictions ?? [];
  const [dialog, setDialog] = useState<'add' | 'seats' | null>(null);

  const onAddMembers = () => {
    const action = addMembersAction(
      { workspacePlan: space.workspacePlan, legacyType: space.legacyPlanType },
      seats,
    );
    if (action === 'cancelDowngrade') {
      void navigate(paths.space.billing.getHref(prefix), { state: cancelDowngradeState('users') });
    } else setDialog(action === 'manageSeats' ? 'seats' : 'add');
  };

  return (
    <Stack>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Title order={1} size="h2">
          Users
        </Title>
        {manager && (
          <Group gap="md" wrap="wrap">
            {seats && (
              <>
                <Text size="sm" fw={500} data-testid="seats-used">
                  {seatsUsedText(seats)}
                </Text>
                <Anchor component="button" type="button" size="sm" onClick={() => setDialog('seats')}>
                  Manage seats
                </Anchor>
              </>
            )}
            <Button onClick={onAddMembers} disabled={page.busy || seatQuery.isLoading}>
              Add members
            </Button>
          </Group>
        )}
      </Group>
      <SuccessBanner text={page.banner} onClose={page.clearBanner} />
      <ScheduledRemovalNotice />
      {manager ? (
        <SelectionHint kind={permissions.canChangeRoles ? 'owner' : 'other'} />
      ) : (
        <ContactOwner ownerEmail={details?.ownerEmail ?? null} />
      )}
      <SearchableMembers variant="seats" page={page} manager={manager} />
      {manager && (
        <MembersDrawer
          page={page}
          variant="seats"
          paymentSource={seats?.paymentSource ?? null}
          paidElsewhere={paidElsewhere ?? new Set()}
          singlePayment={restrictions.includes('MULTIPLE_PAYMENT')}
        />
      )}
      <AddressesModal
        opened={dialog === 'add'}
        onClose={() => setDialog(null)}
        texts={{
          title: 'Add members',
          submit: 'Add members',
          someRefused: MEMBER_TEXTS.someAddressesRefused,
          done: MEMBER_BANNERS.added,
        }}
        addition={add}
        notice={(count) => <SeatsNotice seats={seats} count={count} />}
        onDone={(text) => {
          setDialog(null);
          page.done(text);
        }}
      />
      {seats && (
        <ManageSeatsModal
          opened={dialog === 'seats'}
          onClose={() => setDialog(null)}
          seats={seats}
          prefix={prefix}
          canManageSeats={permissions.canManageSeats}
          ownerEmail={details?.ownerEmail ?? null}
        />
      )}
    </Stack>
  );
}
