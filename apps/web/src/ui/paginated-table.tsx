import { Group, Pagination, Skeleton, Table, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { TABLE_PAGE_SIZE, type Sort } from '@mergeboard/core';

export interface TableColumn<Row, S extends string> {
  key: string;
  header: string;
  /** Set for a column the server can sort by. */
  sortKey?: S;
  render: (row: Row) => ReactNode;
}

/**
 * A table paged and sorted by the server (CONST-005: 25 rows a page): it shows one page of rows,
 * the pager from `total`, and sortable headers that report the new sort.
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
}: {
  columns: readonly TableColumn<Row, S>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  total: number;
  /** Zero-based. */
  page: number;
  onPageChange: (page: number) => void;
  sort: Sort<S>;
  onSortChange: (sort: Sort<S>) => void;
  pageSize?: number;
  /** Shown instead of the table when there are no rows. */
  empty?: ReactNode;
  /** The first page is still on its way: a placeholder instead of an empty table. */
  loading?: boolean;
}) {
  if (loading) return <Skeleton height={200} aria-label="Loading" />;
  if (rows.length === 0 && empty) return <>{empty}</>;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const header = (column: TableColumn<Row, S>) => {
    const sortKey = column.sortKey;
    if (!sortKey) return column.header;
    const active = sort.key === sortKey;
    const next = active && sort.direction === 'asc' ? 'desc' : 'asc';
    return (
      <UnstyledButton
        onClick={() => onSortChange({ key: sortKey, direction: next })}
        aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
      >
        {column.header}
        {active ? (sort.direction === 'asc' ? ' ▲' : ' ▼') : ''}
      </UnstyledButton>
    );
  };
  return (
    <>
      <Table>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.key}>{header(column)}</Table.Th>
            ))}
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
