import { Alert, Anchor, Badge, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import {
  TABLE_PAGE_SIZE,
  exportScheduledCampaigns,
  formatCount,
  formatFilterBy,
  formatSortBy,
  isWaitingForQuota,
} from '@mergeboard/core';
import { paths } from '../../../config/paths';
import { downloadCsv } from '../../../lib/download-csv';
import { useListSearchParams } from '../../../lib/use-list-search-params';
import { DebouncedSearchInput } from '../../../ui/debounced-search-input';
import { ExportButton } from '../../../ui/export-button';
import { pagedListProps } from '../../../ui/paged-list-props';
import { PaginatedTable, type TableColumn } from '../../../ui/paginated-table';
import { useIsMobile } from '../../../ui/use-is-mobile';
import { useSpace } from '../../spaces';
import { useScheduledCampaigns } from '../api/mail-merges';
import { pollWhileSending, useCountersFollowSending } from '../follow-sending';
import { deliveryDate, statusLabel } from '../scheduled-messages';
import { ListEmpty, exportQuery } from './list-controls';
import { MergeStartedBanner } from './merge-started-banner';

const SORT_KEYS = ['date', 'title'] as const;
type ScheduledSortKey = (typeof SORT_KEYS)[number];
type ScheduledRow = NonNullable<ReturnType<typeof useScheduledCampaigns>['data']>['items'][number];

/** The list is read again while one of its rows is being sent (its emails sent count moves). */
const pollRowsWhileSending = pollWhileSending((data: { items: ScheduledRow[] }) => data.items);

export type ScheduledBanner = { color: 'green' | 'red'; text: string } | null;
/** What the scheduled dialog gets from the tab (React Router outlet context). */
export interface ScheduledOutletContext {
  setBanner: (banner: ScheduledBanner) => void;
}

/**
 * A badge cuts its text with an ellipsis once its column is narrower than the text, and a table
 * at 375 px gives the column no more than that: 'SCH…', 'WAITIN…'. Here the text is never cut:
 * it wraps between words when the row has no room for it on one line, and the badge grows taller.
 */
const WHOLE_LABEL = {
  root: { overflow: 'visible', height: 'auto', minHeight: 'var(--badge-height)' },
  label: { overflow: 'visible', whiteSpace: 'normal', lineHeight: 1.4, paddingBlock: 2 },
} as const;

function StatusBadge({ row }: { row: ScheduledRow }) {
  const label = statusLabel(row);
  const color = row.pause ? 'orange' : label === 'Error' ? 'red' : isWaitingForQuota(row) ? 'yellow' : 'blue';
  return (
    <Badge color={color} variant="light" styles={WHOLE_LABEL}>
      {label}
    </Badge>
  );
}

/** MM-010 MM-011: the scheduled mail merges of the active space, with search and export. */
export function ScheduledTab() {
  const { space, prefix } = useSpace();
  const isMobile = useIsMobile();
  const { search: locationSearch } = useLocation();
  const [banner, setBanner] = useState<ScheduledBanner>(null);
  const list = useListSearchParams(SORT_KEYS, { key: 'date', direction: 'desc' });
  const filterBy = formatFilterBy({ workspaceId: space.workspaceId, search: list.search });
  const sortBy = formatSortBy(list.sort);
  const query = useScheduledCampaigns(
    {
      ...(filterBy ? { filterBy } : {}),
      ...(sortBy ? { sortBy } : {}),
      limit: String(TABLE_PAGE_SIZE),
      limitOffset: String(list.page * TABLE_PAGE_SIZE),
    },
    { refetchInterval: pollRowsWhileSending },
  );
  useCountersFollowSending(query.data?.items, query.dataUpdatedAt);
  const total = query.data?.total ?? 0;
  const base = paths.space.scheduled.getHref(prefix);

  const columns: TableColumn<ScheduledRow, ScheduledSortKey>[] = [
    {
      key: 'title',
      header: 'Title',
      sortKey: 'title',
      render: (row) => (
        <Anchor component={Link} to={`${base}/${row.scheduledMergeId}${locationSearch}`}>
          {row.title}
        </Anchor>
      ),
    },
    { key: 'status', header: 'Status', render: (row) => <StatusBadge row={row} /> },
    ...(isMobile
      ? []
      : [
          {
            key: 'progress',
            header: 'Emails sent',
            render: (row: ScheduledRow) =>
              `${formatCount(row.numberOfEmailsSent)} / ${formatCount(row.numberOfEmailsToSend)}`,
          },
        ]),
    { key: 'date', header: 'Delivery date', sortKey: 'date', render: (row) => deliveryDate(row) },
  ];

  return (
    <Stack>
      <MergeStartedBanner />
      {banner && (
        <Alert
          color={banner.color}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setBanner(null)}
          role="alert"
        >
          {banner.text}
        </Alert>
      )}
      <Group justify="space-between" wrap="wrap">
        <DebouncedSearchInput value={list.search} onSearch={list.setSearch} />
        <ExportButton
          hasData={total > 0}
          onExport={() =>
            downloadCsv(
              `${exportScheduledCampaigns.path}${exportQuery(filterBy, sortBy)}`,
              'Exported_scheduled_mail_merges.csv',
            )
          }
        />
      </Group>
      <PaginatedTable
        {...pagedListProps(query, list)}
        columns={columns}
        rowKey={(row) => row.scheduledMergeId}
        empty={<ListEmpty searching={list.search !== ''} what="scheduled" />}
      />
      <Outlet context={{ setBanner } satisfies ScheduledOutletContext} />
    </Stack>
  );
}
