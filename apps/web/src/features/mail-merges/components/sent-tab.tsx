import { Anchor, Group, Stack } from '@mantine/core';
import { Link, Outlet, useLocation, useSearchParams } from 'react-router';
import {
  DATE_RANGE_OPTIONS,
  DEFAULT_DATE_RANGE,
  TABLE_PAGE_SIZE,
  campaignRates,
  exportSentCampaigns,
  formatCount,
  formatFilterBy,
  formatSortBy,
  type DateRange,
} from '@mergeboard/core';
import { paths } from '../../../config/paths';
import { downloadCsv } from '../../../lib/download-csv';
import { formatDate } from '../../../lib/format-date';
import { useListSearchParams } from '../../../lib/use-list-search-params';
import { DebouncedSearchInput } from '../../../ui/debounced-search-input';
import { ExportButton } from '../../../ui/export-button';
import { pagedListProps } from '../../../ui/paged-list-props';
import { PaginatedTable, type TableColumn } from '../../../ui/paginated-table';
import { SelectOnIntent } from '../../../ui/select-on-intent';
import { useIsMobile } from '../../../ui/use-is-mobile';
import { useSpace } from '../../spaces';
import { useSentCampaigns } from '../api/mail-merges';
import { ListEmpty, exportQuery } from './list-controls';

const SORT_KEYS = ['date', 'title', 'sent'] as const;
type SentSortKey = (typeof SORT_KEYS)[number];
type SentRow = NonNullable<ReturnType<typeof useSentCampaigns>['data']>['items'][number];

const percent = (value: number | null) => (value === null ? 'N/A' : `${value}%`);

/** CONST-006 CONST-007: the date range from the URL (`?range=`), the last 12 months by default. */
function useDateRange() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('range');
  const range = DATE_RANGE_OPTIONS.some((option) => option.value === raw)
    ? (raw as DateRange)
    : DEFAULT_DATE_RANGE;
  const setRange = (value: DateRange) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === DEFAULT_DATE_RANGE) next.delete('range');
        else next.set('range', value);
        next.delete('page'); // CONST-008: a new range starts at page 0.
        return next;
      },
      { replace: true },
    );
  return { range, setRange };
}

/** MM-004 MM-012: the sent mail merges of the active space, searchable, by date range, exportable. */
export function SentTab() {
  const { space, prefix } = useSpace();
  const isMobile = useIsMobile();
  const { search: locationSearch } = useLocation();
  const list = useListSearchParams(SORT_KEYS, { key: 'date', direction: 'desc' });
  const { range, setRange } = useDateRange();
  const filterBy = formatFilterBy({ workspaceId: space.workspaceId, search: list.search, dateRange: range });
  const sortBy = formatSortBy(list.sort);
  const query = useSentCampaigns({
    ...(filterBy ? { filterBy } : {}),
    ...(sortBy ? { sortBy } : {}),
    limit: String(TABLE_PAGE_SIZE),
    limitOffset: String(list.page * TABLE_PAGE_SIZE),
  });
  const total = query.data?.total ?? 0;
  const base = paths.space.sent.getHref(prefix);

  const columns: TableColumn<SentRow, SentSortKey>[] = [
    {
      key: 'title',
      header: 'Title',
      sortKey: 'title',
      // MM-005: the row opens the detail dialog (a link, so it works from the keyboard).
      render: (row) => (
        <Anchor component={Link} to={`${base}/${row.id}${locationSearch}`}>
          {row.title}
        </Anchor>
      ),
    },
    { key: 'sent', header: 'Sent', sortKey: 'sent', render: (row) => formatCount(row.trackingInfos.sent) },
    ...(isMobile
      ? []
      : [
          {
            key: 'opened',
            header: 'Opened',
            render: (row: SentRow) => percent(campaignRates(row.trackingInfos).opened.percent),
          },
          {
            key: 'clicked',
            header: 'Clicked',
            render: (row: SentRow) => percent(campaignRates(row.trackingInfos).clicked.percent),
          },
        ]),
    { key: 'date', header: 'Date', sortKey: 'date', render: (row) => formatDate(row.lastEmailSentTimestamp) },
  ];

  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Group wrap="wrap">
          <DebouncedSearchInput value={list.search} onSearch={list.setSearch} />
          <SelectOnIntent
            aria-label="Date range"
            data={DATE_RANGE_OPTIONS.map((option) => ({ value: option.value, label: option.label }))}
            value={range}
            onChange={(value) => value && setRange(value as DateRange)}
            allowDeselect={false}
            w={180}
          />
        </Group>
        <ExportButton
          hasData={total > 0}
          onExport={() =>
            downloadCsv(
              `${exportSentCampaigns.path}${exportQuery(filterBy, sortBy)}`,
              'Exported_sent_mail_merges.csv',
            )
          }
        />
      </Group>
      <PaginatedTable
        {...pagedListProps(query, list)}
        columns={columns}
        rowKey={(row) => row.id}
        empty={<ListEmpty searching={list.search !== ''} what="sent" />}
      />
      <Outlet />
    </Stack>
  );
}
