/**
 * What the composer hands the Scheduled tab (as the navigation's history state) about the merge it
 * just sent or scheduled, so the tab can say what happens next and where to follow it.
 */
export interface MergeStarted {
  title: string;
  scheduledMergeId: string;
  /** Scheduled for later, rather than sent now. */
  scheduled: boolean;
}

/** The history state that carries `started` to the Scheduled tab. */
export const mergeStartedState = (started: MergeStarted) => ({ mergeStarted: started });

/** The merge a history state carries, if any (a state from elsewhere, or a reload's, carries none). */
export function mergeStartedFrom(state: unknown): MergeStarted | null {
  const started = (state as { mergeStarted?: Partial<MergeStarted> } | null)?.mergeStarted;
  if (typeof started?.title !== 'string' || typeof started.scheduledMergeId !== 'string') return null;
  return {
    title: started.title,
    scheduledMergeId: started.scheduledMergeId,
    scheduled: started.scheduled === true,
  };
}
