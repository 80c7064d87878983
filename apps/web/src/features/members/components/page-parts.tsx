import { Alert, Box, List, Stack, Text } from '@mantine/core';
import { selectionHint, type SelectionHintKind } from '@mergeboard/core';
import { DebouncedSearchInput } from '../../../ui/debounced-search-input';
import { useSpace } from '../../spaces';
import { MembersTable } from './members-table';
import { SelectionDrawer, type SelectionContext } from './selection-drawer';
import type { useMembersPage } from './use-members-page';

/** MEM-046: the success banner of the last member change. */
export function SuccessBanner({ text, onClose }: { text: string | null; onClose: () => void }) {
  if (!text) return null;
  return (
    <Alert color="green" role="status" withCloseButton onClose={onClose}>
      {text}
    </Alert>
  );
}

/** MEM-007 MEM-008 MEM-009: what selecting rows lets one do. */
export function SelectionHint({ kind }: { kind: SelectionHintKind }) {
  const hint = selectionHint(kind);
  return (
    <Stack gap={2}>
      <Text size="sm">{hint.text}</Text>
      {hint.actions.length > 0 && (
        <List size="sm" withPadding>
          {hint.actions.map((action) => (
            <List.Item key={action}>{action}</List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

/** The search box over the members table, both pages' list: rows selectable by managers only. */
export function SearchableMembers({
  variant,
  page,
  manager,
}: {
  variant: 'seats' | 'fragment';
  page: ReturnType<typeof useMembersPage>;
  manager: boolean;
}) {
  return (
    <>
      <Box maw={360}>
        <DebouncedSearchInput
          value={page.list.search}
          onSearch={page.list.setSearch}
          label="Search members"
        />
      </Box>
      <Box aria-busy={page.busy}>
        <MembersTable
          variant={variant}
          paged={page.paged}
          searching={page.list.search !== ''}
          allowances={page.allowances}
          selection={manager ? page.selection : null}
        />
      </Box>
    </>
  );
}

/**
 * The selection drawer of either members page, wired to the page's selection and the signed-in
 * manager; only what differs between the seat and the legacy page is passed in.
 */
export function MembersDrawer({
  page,
  ...context
}: Pick<SelectionContext, 'variant' | 'paymentSource' | 'paidElsewhere' | 'singlePayment'> & {
  page: ReturnType<typeof useMembersPage>;
}) {
  const { space, user, permissions, prefix, isPerSeat } = useSpace();
  const paidSpace = space.workspacePlan === 'PRO' || space.workspacePlan === 'PREMIUM';
  return (
    <SelectionDrawer
      context={{
        ...context,
        workspaceId: space.workspaceId,
        spaceName: space.workspaceName,
        prefix,
        actor: { userId: user.userId, role: space.userRole },
        canChangeRoles: permissions.canChangeRoles,
        canChangeTypes:
          context.variant === 'legacy' || (!isPerSeat && paidSpace && permissions.canAccessWorkspaceBilling),
        allowances: page.allowances,
        freeUsers: page.freeUsers,
      }}
      selected={page.selected}
      busy={page.busy}
      onClose={page.clearSelection}
      onDone={page.done}
    />
  );
}
