import { Stack, Text } from '@mantine/core';

/** The empty state of a mail merge list: nothing at all, or nothing for the search. */
export function ListEmpty({ searching, what }: { searching: boolean; what: string }) {
  return (
    <Stack gap={4} align="center" py="lg">
      <Text fw={600}>{searching ? 'No results found' : 'Nothing to see here...'}</Text>
      <Text size="sm" c="dimmed">
        {searching ? 'Try another search.' : `Your ${what} mail merges will show up here.`}
      </Text>
    </Stack>
  );
}

/** The export's query string: the list's filters and sort, no paging. */
export function exportQuery(filterBy: string | undefined, sortBy: string | undefined): string {
  const params = new URLSearchParams({ ...(filterBy ? { filterBy } : {}), ...(sortBy ? { sortBy } : {}) });
  const text = params.toString();
  return text ? `?${text}` : '';
}
