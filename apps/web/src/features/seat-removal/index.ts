/**
 * The seats of a space's subscription and its scheduled seat removal (SEAT-001, SEAT-024 SEAT-025 SEAT-026
 * SEAT-027 SEAT-028 SEAT-029 SEAT-030): the seat summary, the pending removal, and the downgrade banner with
 * its cancel dialog, which pages mount through `ScheduledRemovalNotice` (its code loads after the page, and
 * shows nothing to members or outside PRO).
 */
export { useSeatSummary } from './api/seat-summary';
export { useScheduledRemoval } from './api/scheduled-removal';
export { ScheduledRemovalNotice } from './components/scheduled-removal-gate';
