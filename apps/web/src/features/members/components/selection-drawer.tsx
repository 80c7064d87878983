import { Alert, Button, Divider, Group, Radio, Stack, Text, Title } from '@mantine/core';
import {
  ADMIN_ROLE_TOOLTIP,
  MEMBER_BANNERS,
  MEMBER_ROLE_LABELS,
  activationRefusal,
  memberTypeOf,
  removalRefusal,
  roleChangesOf,
  typeChangeRefusal,
  type AssignableRole,
  type PaymentSource,
  type Role,
  type SpaceAllowances,
  type SpaceMember,
} from '@mergeboard/core';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useActivateMembers } from '../api/activate-members';
import { useCancelInvitations } from '../api/cancel-invitations';
import { useChangeMemberRoles } from '../api/change-member-roles';
import { useRemoveMembers } from '../api/remove-members';
import { useRemoveWorkspaceUsers } from '../api/remove-workspace-users';
import { useResendInvitations } from '../api/resend-invitations';
import { RemoveConfirmation } from './remove-confirmation';
import { SidePanel } from './side-panel';

/** What the drawer needs to know of the space and of the person using it. */
export interface SelectionContext {
  /** seats: the Users page (removal by e-mail, users/v1); legacy: Manage Users (by user id). */
  variant: 'seats' | 'legacy';
  workspaceId: string;
  spaceName: string;
  prefix: string;
  actor: { userId: string; role: Role };
  canChangeRoles: boolean;
  /** MEM-033: legacy spaces, and paid spaces outside the seat model, change who is paid. */
  canChangeTypes: boolean;
  allowances: SpaceAllowances;
  /** Free members in use (not DISABLED), for the activation limit (MEM-064). */
  freeUsers: number;
  paymentSource: PaymentSource | null;
  /** Legacy type change: members paid in another space (promote-validity) and MULTIPLE_PAYMENT. */
  paidElsewhere: ReadonlySet<string>;
  singlePayment: boolean;
}

const nameOf = (member: SpaceMember) => member.name || member.email;
const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={3} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** A refused action's reason, beside its disabled button. */
function Reason({ children }: { children: string | null }) {
  if (!children) return null;
  return (
    <Text size="sm" c="red.9">
      {children}
    </Text>
  );
}

/**
 * MEM-005, MEM-017, MEM-018, MEM-030, MEM-046: the side drawer for the selected rows. It offers
 * what the rules allow for this selection (role change for the owner, type change on legacy
 * spaces, resend or cancel for pending invitations, activation of disabled members, removal
 * behind a confirmation) and says why an action is refused. While a change runs everything is
 * busy (MEM-047); on success the page shows the banner and the drawer closes; a server refusal
 * is shown here with its message.
 */
export function SelectionDrawer({
  context,
  selected,
  busy,
  onClose,
  onDone,
}: {
  context: SelectionContext;
  selected: readonly SpaceMember[];
  busy: boolean;
  onClose: () => void;
  onDone: (banner: string) => void;
}) {
  const { workspaceId, variant } = context;
  const [error, setError] = useState<string | null>(null);
  const [role, setRole] = useState<AssignableRole>('ADMIN');
  const [confirming, setConfirming] = useState(false);
  const changeRoles = useChangeMemberRoles(workspaceId);
  const resend = useResendInvitations(workspaceId);
  const cancel = useCancelInvitations(workspaceId);
  const activate = useActivateMembers(workspaceId);
  const removeSeatUsers = useRemoveWorkspaceUsers(workspaceId);
  const removeLegacyMembers = useRemoveMembers(workspaceId);

  const run = <T,>(promise: Promise<T>, banner: (result: T) => string) => {
    setError(null);
    promise.then(
      (result) => {
        setConfirming(false);
        onDone(banner(result));
      },
      (failure: unknown) => {
        setConfirming(false);
        setError(failure instanceof Error ? failure.message : String(failure));
      },
    );
  };

  const n = selected.length;
  const pending = selected.filter((member) => member.status === 'PENDING');
  const disabled = selected.filter((member) => member.status === 'DISABLED');
  const pendingEmails = pending.map((member) => member.email);

  const roleChange = roleChangesOf(
    selected.map((member) => ({ userId: member.id, role: member.role })),
    selected.map((member) => ({ userId: member.id, userRole: role })),
  );
  const activation =
    disabled
      .map((member) => activationRefusal(member, { ...context.allowances, freeUsers: context.freeUsers }))
      .find((reason) => reason !== null) ?? null;
  const removal = removalRefusal(
    selected.map((member) => ({
      userId: member.id,
      role: member.role,
      status: member.status,
      isPaid: member.isPaid,
      trial: member.trial,
    })),
    { actor: context.actor, isLegacy: variant === 'legacy', paymentSource: context.paymentSource },
  );
  const typeChange = context.canChangeTypes
    ? typeChangeRefusal(
        selected.map((member) => ({
          email: member.email,
          type: memberTypeOf(member),
          isPaidElsewhere: context.paidElsewhere.has(member.id),
        })),
        { singlePayment: context.singlePayment },
      )
    : null;
  const checkoutHref = paths.space.checkoutSummary.getHref(
    context.prefix,
    selected.map((member) => member.id),
  );

  const remove = () =>
    run(
      variant === 'seats'
        ? removeSeatUsers.mutateAsync(selected.map((member) => member.email))
        : removeLegacyMembers.mutateAsync(selected.map((member) => member.id)),
      MEMBER_BANNERS.removed,
    );

  return (
    <SidePanel
      opened={n > 0}
      onClose={onClose}
      title={`${n} ${plural(n, 'member', 'members')} selected`}
      closeLabel="Close the selection"
      busy={busy}
    >
      <Stack gap="md">
        <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Selected members">
          {selected.map((member) => (
            <Text component="li" key={member.id} size="sm">
              {nameOf(member)}{' '}
              <Text span size="xs" c="dimmed">
                ({member.email}, {MEMBER_ROLE_LABELS[member.role]})
              </Text>
            </Text>
          ))}
        </Stack>
        {error && (
          <Alert
            color="red"
            role="alert"
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => setError(null)}
          >
            {error}
          </Alert>
        )}

        {context.canChangeTypes && (
          <>
            <Divider />
            <Section title="Type">
              <Reason>{typeChange?.message ?? null}</Reason>
              <Group>
                <Button
                  component={Link}
                  to={checkoutHref}
                  variant="light"
                  disabled={typeChange !== null || busy}
                  aria-disabled={typeChange !== null || busy}
                  onClick={(event) => {
                    if (typeChange !== null || busy) event.preventDefault();
                  }}
                >
                  Change their type to Pro
                </Button>
              </Group>
            </Section>
          </>
        )}

        {context.canChangeRoles && (
          <>
            <Divider />
            <Section title="Role">
              <Radio.Group
                value={role}
                onChange={(value) => setRole(value as AssignableRole)}
                label="New role"
              >
                <Stack gap="xs" mt="xs">
                  <Radio value="MEMBER" label={MEMBER_ROLE_LABELS.MEMBER} disabled={busy} />
                  <Radio
                    value="ADMIN"
                    label={MEMBER_ROLE_LABELS.ADMIN}
                    description={ADMIN_ROLE_TOOLTIP[variant]}
                    disabled={busy}
                  />
                </Stack>
              </Radio.Group>
              <Reason>{roleChange.ok ? null : roleChange.message}</Reason>
              <Group>
                <Button
                  variant="light"
                  disabled={!roleChange.ok || busy}
                  loading={changeRoles.isPending}
                  onClick={() => {
                    if (roleChange.ok)
                      run(changeRoles.mutateAsync(roleChange.changes), MEMBER_BANNERS.rolesUpdated);
                  }}
                >
                  Change role
                </Button>
              </Group>
            </Section>
          </>
        )}

        {pending.length > 0 && (
          <>
            <Divider />
            <Section title={plural(pending.length, 'Pending invitation', 'Pending invitations')}>
              <Group>
                <Button
                  variant="light"
                  disabled={busy}
                  loading={resend.isPending}
                  onClick={() => run(resend.mutateAsync(pendingEmails), MEMBER_BANNERS.resent)}
                >
                  {plural(pending.length, 'Resend invitation', 'Resend invitations')}
                </Button>
                <Button
                  variant="default"
                  disabled={busy}
                  loading={cancel.isPending}
                  onClick={() => run(cancel.mutateAsync(pendingEmails), MEMBER_BANNERS.cancelled)}
                >
                  {plural(pending.length, 'Cancel invitation', 'Cancel invitations')}
                </Button>
              </Group>
            </Section>
          </>
        )}

        {disabled.length > 0 && (
          <>
            <Divider />
            <Section title={plural(disabled.length, 'Disabled member', 'Disabled members')}>
              <Reason>{activation}</Reason>
              <Group>
                <Button
                  variant="light"
                  disabled={activation !== null || busy}
                  loading={activate.isPending}
                  onClick={() =>
                    run(activate.mutateAsync(disabled.map((member) => member.id)), MEMBER_BANNERS.activated)
                  }
                >
                  Activate
                </Button>
              </Group>
            </Section>
          </>
        )}

        <Divider />
        <Section title="Remove">
          <Reason>{removal?.message ?? null}</Reason>
          <Group>
            <Button
              color="red"
              variant="outline"
              disabled={removal !== null || busy}
              onClick={() => setConfirming(true)}
            >
              Remove from space
            </Button>
          </Group>
        </Section>
      </Stack>
      <RemoveConfirmation
        opened={confirming}
        names={selected.map(nameOf)}
        spaceName={context.spaceName}
        busy={removeSeatUsers.isPending || removeLegacyMembers.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={remove}
      />
    </SidePanel>
  );
}
