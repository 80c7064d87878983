import { Badge, Checkbox, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import {
  MEMBER_EMPTY_STATES,
  MEMBER_PAGE_SIZE,
  MEMBER_ROLE_LABELS,
  disabledReason,
  memberStatusLabel,
  memberTypeLabel,
  quotaLabel,
  type SpaceAllowances,
  type SpaceMember,
} from '@mergeboard/core';
import type { ComponentProps } from 'react';
import { BreakableEmail } from '../../../ui/breakable-email';
import { PaginatedTable, type TableColumn } from '../../../ui/paginated-table';
import { useIsMobile } from '../../../ui/use-is-mobile';
import type { MemberSortKey } from '../api/list-members';

const STATUS_COLORS = { Active: 'green', Pending: 'yellow', Disabled: 'red' } as const;

/** MEM-002, MEM-003: the status; a Disabled one says why on hover or focus. */
function StatusCell({ member, allowances }: { member: SpaceMember; allowances: SpaceAllowances }) {
  const label = memberStatusLabel(member.status);
  const badge = (
    <Badge
      color={STATUS_COLORS[label]}
      variant="light"
      tt="none"
      // A badge may shrink to an ellipsis: in a narrow table the status is what must stay whole.
      miw="max-content"
      tabIndex={label === 'Disabled' ? 0 : undefined}
    >
      {label === 'Disabled' && <span aria-hidden="true">⚠ </span>}
      {label}
      {label === 'Disabled' && <VisuallyHidden>: {disabledReason(member, allowances)}</VisuallyHidden>}
    </Badge>
  );
  if (label !== 'Disabled') return badge;
  return (
    <Tooltip
      label={disabledReason(member, allowances)}
      multiline
      maw={280}
      events={{ hover: true, focus: true, touch: true }}
    >
      {badge}
    </Tooltip>
  );
}

/**
 * On a phone the e-mail and the role go under the name, so the status keeps its room. Nothing in
 * the cell is wider than the column can be: a member without a name (an invitee) shows the address
 * as its name, breakable as the address line is, and a long name may break anywhere (issue 24:
 * the table was 2 px wider than a 375 px screen).
 */
function UserCell({ member, compact }: { member: SpaceMember; compact: boolean }) {
  // An invitee's name is empty, or the address itself (as the server lists it until they sign up).
  const named = member.name !== '' && member.name !== member.email;
  return (
    <Stack gap={0}>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {named ? member.name : <BreakableEmail email={member.email} />}
      </Text>
      {compact && (
        <>
          {named && (
            <Text size="xs" c="dimmed">
              <BreakableEmail email={member.email} />
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {MEMBER_ROLE_LABELS[member.role]}
          </Text>
        </>
      )}
    </Stack>
  );
}

interface MemberSelection {
  selected: ReadonlyMap<string, SpaceMember>;
  onChange: (next: Map<string, SpaceMember>) => void;
  disabled: boolean;
}

type PagedProps = Pick<
  ComponentProps<typeof PaginatedTable<SpaceMember, MemberSortKey>>,
  'rows' | 'total' | 'page' | 'onPageChange' | 'sort' | 'onSortChange' | 'loading' | 'failed'
>;

/**
 * The members table. `seats` (MEM-001): User, Email, Role, Type, Quota, Status; `fragment`
 * (MEM-020, the legacy page): Member, Email, Role, Status. With `selection` each row has a box and
 * the header one for the whole page (MEM-004). On a phone the e-mail and the role go under the
 * name, and the type and quota are left out, so the rest fits the screen.
 */
export function MembersTable({
  variant,
  paged,
  searching,
  allowances,
  selection,
}: {
  variant: 'seats' | 'fragment';
  paged: PagedProps;
  searching: boolean;
  allowances: SpaceAllowances;
  selection: MemberSelection | null;
}) {
  const isMobile = useIsMobile();
  const rows = paged.rows;
  const checkedOnPage = selection ? rows.filter((row) => selection.selected.has(row.id)).length : 0;
  const toggle = (member: SpaceMember) => {
    if (!selection) return;
    const next = new Map(selection.selected);
    if (next.has(member.id)) next.delete(member.id);
    else next.set(member.id, member);
    selection.onChange(next);
  };
  const toggleAll = () => {
    if (!selection) return;
    const next = new Map(selection.selected);
    const all = checkedOnPage === rows.length;
    for (const row of rows) {
      if (all) next.delete(row.id);
      else next.set(row.id, row);
    }
    selection.onChange(next);
  };

  const select: TableColumn<SpaceMember, MemberSortKey>[] = selection
    ? [
        {
          key: 'select',
          header: 'Select',
          width: 40,
          headerCell: (
            <Checkbox
              aria-label="Select all members on this page"
              checked={rows.length > 0 && checkedOnPage === rows.length}
              indeterminate={checkedOnPage > 0 && checkedOnPage < rows.length}
              disabled={selection.disabled || rows.length === 0}
              onChange={toggleAll}
            />
          ),
          render: (member) => (
            <Checkbox
              aria-label={`Select ${member.name || member.email}`}
              checked={selection.selected.has(member.id)}
              disabled={selection.disabled}
              onChange={() => toggle(member)}
            />
          ),
        },
      ]
    : [];
  const columns: TableColumn<SpaceMember, MemberSortKey>[] = [
    ...select,
    {
      key: 'user',
      header: variant === 'seats' ? 'User' : 'Member',
      sortKey: 'userName',
      render: (member) => <UserCell member={member} compact={isMobile} />,
    },
    ...(isMobile
      ? []
      : [
          {
            key: 'email',
            header: 'Email',
            sortKey: 'userEmail' as const,
            render: (member: SpaceMember) => <BreakableEmail email={member.email} />,
          },
        ]),
    ...(isMobile
      ? []
      : [
          {
            key: 'role',
            header: 'Role',
            sortKey: 'userRole' as const,
            render: (member: SpaceMember) => MEMBER_ROLE_LABELS[member.role],
          },
        ]),
    ...(variant === 'seats' && !isMobile
      ? [
          { key: 'type', header: 'Type', render: (member: SpaceMember) => memberTypeLabel(member) },
          { key: 'quota', header: 'Quota', render: (member: SpaceMember) => quotaLabel(member.quota) },
        ]
      : []),
    {
      key: 'status',
      header: 'Status',
      sortKey: 'seatType',
      render: (member) => <StatusCell member={member} allowances={allowances} />,
    },
  ];

  const empty = searching ? MEMBER_EMPTY_STATES.noMatch : MEMBER_EMPTY_STATES.empty;
  return (
    <PaginatedTable
      {...paged}
      columns={columns}
      rowKey={(member) => member.id}
      pageSize={MEMBER_PAGE_SIZE}
      empty={
        paged.loading ? undefined : (
          <Stack gap={4} align="center" py="lg">
            <Text fw={600} component="h2" fz="md">
              {empty.title}
            </Text>
            <Text size="sm" c="dimmed">
              {empty.text}
            </Text>
          </Stack>
        )
      }
    />
  );
}
