import { Table, UnstyledButton } from '@mantine/core';
import type { Sort, SortDirection } from '@mergeboard/core';

/**
 * A column header the server can sort by: a button (so it works from the keyboard) inside a th
 * that carries aria-sort while the list is sorted by it. A first click sorts in
 * `firstDirection`; a click on the active column turns the direction round.
 */
export function SortableTh<S extends string>({
  label,
  sortKey,
  sort,
  onSortChange,
  firstDirection = 'asc',
  width,
}: {
  label: string;
  sortKey: S;
  /** Null while the list is in the server's own order. */
  sort: Sort<S> | null;
  onSortChange: (sort: Sort<S>) => void;
  firstDirection?: SortDirection;
  /** The column's width, e.g. '100%' for the one column that takes the room the others leave. */
  width?: number | string;
}) {
  const active = sort?.key === sortKey;
  const direction = active ? sort.direction : null;
  const next: SortDirection = direction ? (direction === 'asc' ? 'desc' : 'asc') : firstDirection;
  return (
    <Table.Th
      w={width}
      aria-sort={direction ? (direction === 'asc' ? 'ascending' : 'descending') : undefined}
    >
      <UnstyledButton
        fz="inherit"
        fw="inherit"
        onClick={() => onSortChange({ key: sortKey, direction: next })}
      >
        {label}
        <span aria-hidden="true">{direction ? (direction === 'asc' ? ' ▲' : ' ▼') : ''}</span>
      </UnstyledButton>
    </Table.Th>
  );
}
