/** One line of the poll tab: an answer and how many recipients chose it (pollResults' item). */
export interface PollCount {
  info: string;
  count: number;
}

/**
 * MM-020 MM-021: individual poll answers (pollResponses' values) counted into pollResults' shape,
 * most chosen first and equal counts by answer, the order the server gives pollResults in.
 */
export function tallyPollResponses(values: readonly string[]): PollCount[] {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts]
    .map(([info, count]) => ({ info, count }))
    .sort((a, b) => b.count - a.count || (a.info < b.info ? -1 : a.info > b.info ? 1 : 0));
}
