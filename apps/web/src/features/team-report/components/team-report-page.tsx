import {
  Alert,
  Avatar,
  Group,
  Pagination,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { format } from 'date-fns/format';
import {
  DATE_FORMATS,
  initialsOf,
  TABLE_PAGE_SIZE,
  TEAM_REPORT_SORT_KEYS,
  type Sort,
  type SortDirection,
  type TeamMember,
  type TeamReportSortKey,
} from '@mergeboard/core';
import { usePageTitle } from '../../../lib/page-title';
import { useListSearchParams } from '../../../lib/use-list-search-params';
import { useSpace } from '../../spaces';
import { useTeamMembers, useTeamSummary } from '../api/team-report';
import { SortableTh } from '../../../ui/sortable-th';
import { SidewaysScroll } from '../../../ui/sideways-scroll';

const numberFormat = new Intl.NumberFormat('de-DE');

const DEFAULT_SORT: Sort<TeamReportSortKey> = { key: 'userName', direction: 'asc' };

/** The members table's columns, each sorted by the server; dates and counts start with the largest. */
const COLUMNS: { label: string; sortKey: TeamReportSortKey; firstDirection: SortDirection }[] = [
  { label: 'Member', sortKey: 'userName', firstDirection: 'asc' },
  { label: 'Email', sortKey: 'userEmail', firstDirection: 'asc' },
  { label: 'Last time used', sortKey: 'lastEmailSentTimestamp', firstDirection: 'desc' },
  { label: 'Sent this month', sortKey: 'emailSentThisMonth', firstDirection: 'desc' },
  { label: 'All time', sortKey: 'emailSentAllTime', firstDirection: 'desc' },
];

function StatCard({ label, value }: { label: string; value: number | undefined }) {
  return (
    <Paper withBorder p="lg" radius="md" role="group" aria-label={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {value === undefined ? (
        <Skeleton height={32} mt="xs" width={80} />
      ) : (
        <Text fz={28} fw={700}>
          {numberFormat.format(value)}
        </Text>
      )}
    </Paper>
  );
}

function MemberCell({ member }: { member: TeamMember }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <Avatar src={member.userProfilePictureUrl} alt={member.userName} radius="xl" color="indigo" size="md">
        {initialsOf(member.userName)}
      </Avatar>
      <Text size="sm">{member.userName}</Text>
    </Group>
  );
}

/**
 * TEAM-001 TEAM-002 TEAM-003 TEAM-004 TEAM-005: three stat cards and the members table, paged and sorted by
 * the server. The page and sort live in the URL (`?page=…&sort=key:dir`); a new sort starts again at page 0.
 */
export function TeamReportPage() {
  usePageTitle('Team report');
  const { space } = useSpace();
  const list = useListSearchParams(TEAM_REPORT_SORT_KEYS, DEFAULT_SORT);
  const summary = useTeamSummary(space.workspaceId);
  const members = useTeamMembers(space.workspaceId, { page: list.page, sort: list.sort });
  const total = members.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / TABLE_PAGE_SIZE));

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Team report
      </Title>
      {summary.isError && <Alert color="red">The team summary could not be loaded.</Alert>}
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <StatCard label="Team members" value={summary.data?.activeUserCount} />
        <StatCard label="Emails sent this month" value={summary.data?.emailSentThisMonth} />
        <StatCard label="Emails sent all time" value={summary.data?.emailSentAllTime} />
      </SimpleGrid>
      {members.isError ? (
        <Alert color="red">The team members could not be loaded.</Alert>
      ) : (
        <Paper withBorder radius="md">
          <SidewaysScroll label="Team members, scrolls sideways" minWidth={720}>
            <Table verticalSpacing="sm" aria-label="Team members">
              <Table.Thead>
                <Table.Tr>
                  {COLUMNS.map((column) => (
                    <SortableTh
                      key={column.sortKey}
                      {...column}
                      sort={list.sort}
                      onSortChange={list.setSort}
                    />
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {members.data?.items.map((member) => (
                  <Table.Tr key={member.userId}>
                    <Table.Td>
                      <MemberCell member={member} />
                    </Table.Td>
                    <Table.Td>{member.userEmail}</Table.Td>
                    <Table.Td>
                      {member.lastEmailSentTimestamp === null
                        ? '-'
                        : format(new Date(member.lastEmailSentTimestamp), DATE_FORMATS.long)}
                    </Table.Td>
                    <Table.Td>{numberFormat.format(member.emailSentThisMonth)}</Table.Td>
                    <Table.Td>{numberFormat.format(member.emailSentAllTime)}</Table.Td>
                  </Table.Tr>
                ))}
                {members.isPending && (
                  <Table.Tr>
                    <Table.Td colSpan={5}>
                      <Skeleton height={24} />
                    </Table.Td>
                  </Table.Tr>
                )}
                {members.data && members.data.items.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={5}>
                      <Text c="dimmed">Nothing to see here...</Text>
                    </Table.Td>
                  </Table.Tr>
                )}
              </Table.Tbody>
            </Table>
          </SidewaysScroll>
        </Paper>
      )}
      {pages > 1 && (
        <Group justify="flex-end">
          <Pagination
            total={pages}
            value={list.page + 1}
            onChange={(value) => list.setPage(value - 1)}
            getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
          />
        </Group>
      )}
    </Stack>
  );
}
