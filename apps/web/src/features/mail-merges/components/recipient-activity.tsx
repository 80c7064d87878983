import { Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import {
  TABLE_PAGE_SIZE,
  buildPath,
  exportCampaignRecipients,
  formatFilterBy,
  formatSortBy,
  type CampaignRecipientStatus,
  type Sort,
} from '@mergeboard/core';
import { downloadCsv } from '../../../lib/download-csv';
import { formatDate } from '../../../lib/format-date';
import { DebouncedSearchInput } from '../../../ui/debounced-search-input';
import { ExportButton } from '../../../ui/export-button';
import { pagedListProps } from '../../../ui/paged-list-props';
import { PaginatedTable, type TableColumn } from '../../../ui/paginated-table';
import { useCampaignRecipients } from '../api/campaign-detail';
import { exportQuery } from './list-controls';

type SortKey = 'row' | 'email' | 'opened' | 'clicked';
type RecipientRow = NonNullable<ReturnType<typeof useCampaignRecipients>['data']>['items'][number];

const DEFAULT_SORT: Sort<SortKey> = { key: 'row', direction: 'asc' };

const STATUS_LABELS: Record<CampaignRecipientStatus, string> = {
  PENDING: 'Waiting',
  SENDING: 'Sending',
  UNKNOWN: 'Unknown',
  SENT: 'Sent',
  OPENED: 'Opened',
  CLICKED: 'Clicked',
  RESPONDED: 'Responded',
  UNSUBSCRIBED: 'Unsubscribed',
  BOUNCED: 'Bounced',
  FAILED: 'Failed',
};

const when = (timestamp: number | null) => (timestamp === null ? '—' : formatDate(timestamp));

/**
 * What came back by mail beside the status (issue 25): why the message did not arrive (a bounce's
 * status and diagnostic, a failure), soft bounces that did not (yet) make a hard one, and a spam
 * report. The spec shows none of this per recipient; the wording is ours.
 */
function statusNotes(row: RecipientRow): string[] {
  const notes: string[] = [];
  if (row.reason && (row.status === 'BOUNCED' || row.status === 'FAILED' || row.status === 'UNKNOWN'))
    notes.push(row.reason);
  if (row.softBounces > 0 && row.status !== 'BOUNCED')
    notes.push(row.softBounces === 1 ? '1 soft bounce' : `${row.softBounces} soft bounces`);
  if (row.complainedTimestamp !== null) notes.push(`Reported as spam ${formatDate(row.complainedTimestamp)}`);
  return notes;
}

function StatusCell({ row }: { row: RecipientRow }) {
  const notes = statusNotes(row);
  return (
    <Stack gap={2} maw="18rem">
      <Text span size="sm">
        {STATUS_LABELS[row.status]}
      </Text>
      {notes.map((note) => (
        // A diagnostic quotes the remote server at length and may hold an unbroken address.
        <Text key={note} span size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
          {note}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * The list's search, page and sort, in the dialog's own state: the URL's list parameters belong
 * to the Sent list under the dialog. Same shape as useListSearchParams, for pagedListProps.
 */
function useDialogListState() {
  const [search, setSearchValue] = useState('');
  const [page, setPage] = useState(0);
  const [sort, setSortValue] = useState(DEFAULT_SORT);
  return {
    search,
    page,
    sort,
    setSearch: (value: string) => {
      setSearchValue(value);
      setPage(0);
    },
    setPage,
    setSort: (value: Sort<SortKey>) => {
      setSortValue(value);
      setPage(0);
    },
  };
}

const columns: TableColumn<RecipientRow, SortKey>[] = [
  { key: 'email', header: 'Address', sortKey: 'email', render: (row) => row.email },
  { key: 'status', header: 'Status', render: (row) => <StatusCell row={row} /> },
  {
    key: 'opened',
    header: 'First open',
    sortKey: 'opened',
    firstDirection: 'desc',
    render: (row) => when(row.firstOpenTimestamp),
  },
  {
    key: 'clicked',
    header: 'First click',
    sortKey: 'clicked',
    firstDirection: 'desc',
    render: (row) => when(row.firstClickTimestamp),
  },
  { key: 'responded', header: 'Responded', render: (row) => when(row.respondedTimestamp) },
  { key: 'poll', header: 'Poll answer', render: (row) => row.pollAnswer ?? '—' },
  { key: 'unsubscribed', header: 'Unsubscribed', render: (row) => when(row.unsubscribedTimestamp) },
];

/** Issue 23: who received the merge and what each did with it; searchable by address, exportable. */
export function RecipientActivity({ campaignId }: { campaignId: string }) {
  const list = useDialogListState();
  const filterBy = formatFilterBy({ search: list.search });
  const sortBy = formatSortBy(list.sort);
  const query = useCampaignRecipients(campaignId, {
    ...(filterBy ? { filterBy } : {}),
    ...(sortBy ? { sortBy } : {}),
    limit: String(TABLE_PAGE_SIZE),
    limitOffset: String(list.page * TABLE_PAGE_SIZE),
  });
  const total = query.data?.total ?? 0;
  return (
    <Stack gap="sm" component="section" aria-labelledby="recipient-activity-title">
      <Title order={3} size="h5" id="recipient-activity-title">
        Recipients
      </Title>
      <Group justify="space-between" wrap="wrap">
        <DebouncedSearchInput
          value={list.search}
          onSearch={list.setSearch}
          label="Search recipients"
          placeholder="Search by address"
        />
        <ExportButton
          hasData={total > 0}
          onExport={() =>
            downloadCsv(
              buildPath(exportCampaignRecipients.path, { id: campaignId }) + exportQuery(filterBy, sortBy),
              'Exported_recipients.csv',
            )
          }
        />
      </Group>
      <PaginatedTable
        {...pagedListProps(query, list)}
        columns={columns}
        rowKey={(row) => row.email}
        minWidth={860}
        empty={
          <Text ta="center" py="md" c="dimmed">
            {list.search ? 'No recipients match' : 'No recipients yet'}
          </Text>
        }
      />
    </Stack>
  );
}
