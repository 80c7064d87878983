import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { isSendingNow } from '@mergeboard/core';
import { getCurrentUserQueryOptions } from '../auth';
import { scheduledCountRoot } from './api/mail-merges';

/** How often a merge being sent is read again, in the list and in its dialog. */
export const SENDING_REFETCH_MS = 5_000;

type Sendable = { status: string; mergeTime: number | null };

/**
 * A query's refetch interval: {@link SENDING_REFETCH_MS} while what it read is being sent (IN
 * PROGRESS with a next run). A merge waiting for the quota moves only at the reset, so it alone
 * does not keep polling.
 */
export const pollWhileSending =
  <T>(sendables: (data: T) => readonly Sendable[]) =>
  ({ state }: { state: { data?: T } }) =>
    state.data !== undefined && sendables(state.data).some(isSendingNow) ? SENDING_REFETCH_MS : false;

/**
 * The page's counters follow the sending the Scheduled list polls for: each time the list is read
 * again after a read that showed a merge being sent, the scheduled count and the user's sent
 * counters ('Emails sent this month', 'Emails sent all time') are read again too, including once
 * after the merge has left the list.
 */
export function useCountersFollowSending(rows: readonly Sendable[] | undefined, readAt: number): void {
  const queryClient = useQueryClient();
  const wasSending = useRef(false);
  const lastRead = useRef(readAt);
  useEffect(() => {
    const readAgain = readAt !== lastRead.current;
    lastRead.current = readAt;
    if (readAgain && wasSending.current) {
      void queryClient.invalidateQueries({ queryKey: scheduledCountRoot });
      void queryClient.invalidateQueries({ queryKey: getCurrentUserQueryOptions().queryKey });
    }
    wasSending.current = rows?.some(isSendingNow) ?? false;
  }, [queryClient, readAt, rows]);
}
