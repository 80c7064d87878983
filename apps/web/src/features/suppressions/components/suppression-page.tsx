import { Alert, Box, Button, Group, Modal, Stack, Text, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import {
  buildPath,
  formatFilterBy,
  formatSortBy,
  TABLE_PAGE_SIZE,
  type Sort,
  type SuppressionItem,
  type SuppressionList,
} from '@mergeboard/core';
import { downloadCsv } from '../../../lib/download-csv';
import { formatDate } from '../../../lib/format-date';
import { usePageTitle } from '../../../lib/page-title';
import { useListSearchParams } from '../../../lib/use-list-search-params';
import { BreakableEmail } from '../../../ui/breakable-email';
import { TwoLineEmail } from '../../../ui/two-line-email';
import { DebouncedSearchInput } from '../../../ui/debounced-search-input';
import { EmailTagInput, type EmailTag } from '../../../ui/email-tag-input';
import { ExportButton } from '../../../ui/export-button';
import { WORK_AREA_ERROR } from '../../../lib/work-area-error';
import { pagedListProps } from '../../../ui/paged-list-props';
import { PaginatedTable, type TableColumn } from '../../../ui/paginated-table';
import { useIsMobile } from '../../../ui/use-is-mobile';
import { useSpace } from '../../spaces';
import { SharingNotice } from './sharing-notice';

/** The query string of a list call (filterBy URL-encoded, CONST-012). */
export interface SuppressionListQuery {
  filterBy?: string;
  sortBy?: string;
  limit: string;
  limitOffset: string;
}

/**
 * UNSUB-016 / BOUNCE-014: why a member's Delete is disabled on a shared WORKSPACE entry. The spec
 * gives the rule but no text; this one is ours.
 */
const SHARED_ENTRY_DELETE_REASON =
  'Only the owner or an admin can delete entries shared with the whole space.';

interface SuppressionTexts {
  title: string;
  inputLabel: string;
  submit: string;
  added: (n: number) => string;
  already: string;
  deleted: string;
  confirmTitle: string;
  confirmText: (email: string) => string;
  timeHeader: string;
  exportName: string;
  /** What the list holds, as the sharing notice names it. */
  sharedListName: 'unsubscriptions' | 'bounces';
}

type Banner = { color: 'green' | 'yellow' | 'red'; text: string } | null;

/**
 * A date from {@link formatDate} that, in a narrow column, wraps between the day and the time
 * ('Nov. 13,' / '12:44 PM') and never inside either.
 */
function DateTimeText({ timestamp }: { timestamp: number }) {
  const text = formatDate(timestamp);
  const cut = text.lastIndexOf(', ');
  if (cut < 0) return text;
  return (
    <>
      <span style={{ whiteSpace: 'nowrap' }}>{text.slice(0, cut + 1)}</span>{' '}
      <span style={{ whiteSpace: 'nowrap' }}>{text.slice(cut + 2)}</span>
    </>
  );
}

/**
 * The page both suppression lists share (UNSUB-001 / BOUNCE-001): tag input and add button, result
 * banners, sharing notices, a searchable server-side table with removal behind a confirmation,
 * and the CSV export.
 */
export function SuppressionPage<S extends string>({
  texts,
  sharingOn,
  sortKeys,
  defaultSort,
  timeSortKey,
  useList,
  add,
  remove,
  queryRoot,
  exportPath,
  tagRows,
  showTypeColumn = true,
}: {
  texts: SuppressionTexts;
  sharingOn: boolean;
  sortKeys: readonly S[];
  defaultSort: Sort<S>;
  timeSortKey: S;
  useList: (workspaceId: string, query: SuppressionListQuery) => UseQueryResult<SuppressionList>;
  add: UseMutationResult<{ updated: number }, unknown, { workspaceId: string; emailAddresses: string[] }>;
  remove: UseMutationResult<{ deleted: true }, unknown, { workspaceId: string; emailAddress: string }>;
  queryRoot: readonly unknown[];
  exportPath: string;
  tagRows: number;
  showTypeColumn?: boolean;
}) {
  const { space } = useSpace();
  usePageTitle(texts.title);
  const workspaceId = space.workspaceId;
  const isMobile = useIsMobile();
  const queryClient = useQueryClient();
  const list = useListSearchParams(sortKeys, defaultSort);
  const [tags, setTags] = useState<EmailTag[]>([]);
  const [banner, setBanner] = useState<Banner>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const sharedReasonId = useId();

  const filterBy = formatFilterBy({ search: list.search });
  const sortBy = formatSortBy(list.sort);
  const query = useList(workspaceId, {
    ...(filterBy ? { filterBy } : {}),
    ...(sortBy ? { sortBy } : {}),
    limit: String(TABLE_PAGE_SIZE),
    limitOffset: String(list.page * TABLE_PAGE_SIZE),
  });
  const total = query.data?.total ?? 0;
  const validTags = tags.filter((tag) => tag.valid).map((tag) => tag.value);
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryRoot });

  const submit = () => {
    // UNSUB-004 / BOUNCE-003: only the valid tags are sent.
    add.mutate(
      { workspaceId, emailAddresses: validTags },
      {
        onSuccess: ({ updated }) => {
          setTags([]);
          setBanner(
            updated > 0
              ? { color: 'green', text: texts.added(updated) }
              : { color: 'yellow', text: texts.already },
          );
          void refresh();
        },
        onError: () => setBanner({ color: 'red', text: WORK_AREA_ERROR }),
      },
    );
  };

  const confirmRemoval = () => {
    const emailAddress = confirming;
    setConfirming(null);
    if (!emailAddress) return;
    remove.mutate(
      { workspaceId, emailAddress },
      {
        onSuccess: () => {
          setBanner({ color: 'green', text: texts.deleted });
          void refresh();
        },
        onError: () => setBanner({ color: 'red', text: WORK_AREA_ERROR }),
      },
    );
  };

  const deleteButton = (row: SuppressionItem) => {
    const button = (
      <Button
        // Compact on a phone, where it sits under the time.
        size={isMobile ? 'compact-xs' : 'xs'}
        variant="subtle"
        color="red"
        // UNSUB-016 / BOUNCE-014: the server says which entries the caller may delete.
        disabled={!row.deletable || remove.isPending}
        aria-label={`Delete ${row.emailAddress}`}
        aria-describedby={row.deletable ? undefined : sharedReasonId}
        // A disabled button gets no pointer events in some browsers: let the wrapper get them.
        style={row.deletable ? undefined : { pointerEvents: 'none' }}
        onClick={() => setConfirming(row.emailAddress)}
      >
        Delete
      </Button>
    );
    if (row.deletable) return button;
    return (
      <Tooltip
        label={SHARED_ENTRY_DELETE_REASON}
        multiline
        w={240}
        events={{ hover: true, focus: false, touch: true }}
      >
        <Box component="span" display="inline-block" style={{ cursor: 'not-allowed' }}>
          {button}
        </Box>
      </Tooltip>
    );
  };

  // On a phone the list keeps what it needs to fit the screen: the address, and the time with
  // Delete under it (a column of its own would leave the address too little room); the type
  // shows from the tablet breakpoint up.
  const columns: TableColumn<SuppressionItem, S>[] = [
    {
      key: 'email',
      header: 'Email',
      sortKey: 'email' as S,
      // On a phone the address takes the room the time leaves it, in two lines at most.
      ...(isMobile ? { width: '100%' } : {}),
      render: (row) =>
        isMobile ? <TwoLineEmail email={row.emailAddress} /> : <BreakableEmail email={row.emailAddress} />,
    },
    {
      key: 'time',
      header: texts.timeHeader,
      sortKey: timeSortKey,
      firstDirection: 'desc',
      // UNSUB-011 / BOUNCE-010 / CONST-003: the app's date format.
      render: (row) =>
        isMobile ? (
          <Stack gap={4} align="flex-start">
            <Box>
              <DateTimeText timestamp={row.lastUpdateTimestamp} />
            </Box>
            {deleteButton(row)}
          </Stack>
        ) : (
          <DateTimeText timestamp={row.lastUpdateTimestamp} />
        ),
    },
    ...(showTypeColumn && !isMobile
      ? [
          {
            key: 'type',
            header: 'Type',
            ...(sortKeys.includes('type' as S) ? { sortKey: 'type' as S } : {}),
            render: (row: SuppressionItem) => row.type,
          },
        ]
      : []),
    ...(isMobile ? [] : [{ key: 'actions', header: '', render: deleteButton }]),
  ];

  const empty = (
    <Stack gap={4} align="center" py="lg">
      <Text fw={600}>{list.search ? 'No results found' : 'Nothing to see here...'}</Text>
      <Text size="sm" c="dimmed">
        {list.search ? 'Try another search.' : 'Addresses you add will show up here.'}
      </Text>
    </Stack>
  );

  return (
    <Stack>
      <Title order={1} size="h2">
        {texts.title}
      </Title>
      {banner && (
        <Alert color={banner.color} withCloseButton onClose={() => setBanner(null)} role="alert">
          {banner.text}
        </Alert>
      )}
      {!sharingOn && <SharingNotice listName={texts.sharedListName} />}
      <EmailTagInput label={texts.inputLabel} tags={tags} onChange={setTags} rows={tagRows} />
      <Group>
        <Button
          onClick={submit}
          // UNSUB-003: no tags, all invalid, or while a removal runs.
          disabled={validTags.length === 0 || remove.isPending}
          loading={add.isPending}
        >
          {texts.submit}
        </Button>
      </Group>
      <Group justify="space-between">
        <DebouncedSearchInput value={list.search} onSearch={list.setSearch} />
        {!isMobile && (
          <ExportButton
            hasData={total > 0}
            onExport={() =>
              downloadCsv(
                buildPath(exportPath, { workspaceId }) +
                  `?${new URLSearchParams({ ...(filterBy ? { filterBy } : {}), ...(sortBy ? { sortBy } : {}) })}`,
                `Exported_${texts.exportName}.csv`,
              )
            }
          />
        )}
      </Group>
      <PaginatedTable
        {...pagedListProps(query, list)}
        columns={columns}
        rowKey={(row) => row.emailAddress}
        empty={query.isSuccess ? empty : undefined}
      />
      <VisuallyHidden id={sharedReasonId}>{SHARED_ENTRY_DELETE_REASON}</VisuallyHidden>
      <Modal opened={confirming !== null} onClose={() => setConfirming(null)} title={texts.confirmTitle}>
        <Text mb="md">{confirming ? texts.confirmText(confirming) : ''}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirming(null)}>
            Cancel
          </Button>
          <Button color="red" onClick={confirmRemoval}>
            Delete
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
