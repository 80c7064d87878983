import { Alert, Button, Group, Pagination, Skeleton, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { TABLE_PAGE_SIZE, type Sort, type SortDirection } from '@mergeboard/core';
import { WORK_AREA_ERROR } from '../lib/work-area-error';
import { SortableTh } from './sortable-th';

export interface TableColumn<Row, S extends string> {
  key: string;
  header: string;
  /** What the header cell shows instead of `header` (a column that cannot be sorted), e.g. a select-all box. */
  headerCell?: ReactNode;
  /** Set for a column the server can sort by. */
  sortKey?: S;
  /** The direction of a first click on this column's header (dates start with the latest). */
  firstDirection?: SortDirection;
  /** The column's width, e.g. '100%' for the one column that takes the room the others leave. */
  width?: number | string;
  render: (row: Row) => ReactNode;
}

/**
 * A table paged and sorted by the server (CONST-005: 25 rows a page): it shows one page of rows,
 * the pager from `total`, and sortable headers that report the new sort (aria-sort on the th).
 * The table scrolls sideways inside its own box when it is wider than the screen, so the page
 * never does.
 */
export function PaginatedTable<Row, S extends string>({
  columns,
  rows,
  rowKey,
  total,
  page,
  onPageChange,
  sort,
  onSortChange,
  pageSize = TABLE_PAGE_SIZE,
  empty,
  loading = false,
  failed,
  minWidth = 0,
}: {
  columns: readonly TableColumn<Row, S>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  total: number;
  /** Zero-based. */
  page: number;
  onPageChange: (page: number) => void;
  /** Null while the list is in the server's own order. */
  sort: Sort<S> | null;
  onSortChange: (sort: Sort<S>) => void;
  pageSize?: number;
  /** Shown instead of the table when there are no rows. */
  empty?: ReactNode;
  /** The first page is still on its way: a placeholder instead of an empty table. */
  loading?: boolean;
  /** The list could not be loaded: an error with a retry instead of a misleading empty table. */
  failed?: { onRetry: () => void };
  /** Below this width (px) the table scrolls inside its box instead of squeezing its columns. */
  minWidth?: number;
}) {
  if (loading) return <Skeleton height={200} role="status" aria-label="Loading" />;
  if (failed) {
    return (
      <Alert color="red" title={WORK_AREA_ERROR}>
        {/* Red on the alert's red tint stays under 4.5:1 (WCAG AA); the plain button reads clearly. */}
        <Button variant="default" size="xs" onClick={failed.onRetry}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (rows.length === 0 && empty) return <>{empty}</>;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <>
      <Table.ScrollContainer minWidth={minWidth}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) =>
                column.sortKey ? (
                  <SortableTh
                    key={column.key}
                    label={column.header}
                    sortKey={column.sortKey}
                    sort={sort}
                    onSortChange={onSortChange}
                    firstDirection={column.firstDirection}
                    width={column.width}
                  />
                ) : (
                  <Table.Th key={column.key} w={column.width}>
                    {column.headerCell ?? column.header}
                  </Table.Th>
                ),
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={rowKey(row)}>
                {columns.map((column) => (
                  <Table.Td key={column.key}>{column.render(row)}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between" mt="sm">
        <Text size="sm" c="dimmed">
          {total} total
        </Text>
        {pages > 1 && (
          <Pagination total={pages} value={page + 1} onChange={(value) => onPageChange(value - 1)} />
        )}
      </Group>
    </>
  );
}
