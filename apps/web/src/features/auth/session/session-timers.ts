import { SESSION_TIMER_MARGIN_MS } from '@mergeboard/core';

/** setTimeout takes at most a signed 32-bit delay; longer ones fire at once. */
const MAX_TIMER_DELAY_MS = 2 ** 31 - 1;

function timerDelay(at: number): number {
  return Math.min(Math.max(0, at - Date.now()), MAX_TIMER_DELAY_MS);
}

/** The two timers a session runs on, from the expiry of its access token. */
export class SessionTimers {
  private refreshTimer: ReturnType<typeof setTimeout> | null = null;
  private expiryTimer: ReturnType<typeof setTimeout> | null = null;

  /** Replaces any running timers with those of a token expiring at `expiresAt`. */
  schedule(expiresAt: number, on: { refresh: () => void; expire: () => void }): void {
    this.clear();
    // AUTH-011: refresh SESSION_TIMER_MARGIN_MS (2 s) before the token expires...
    this.refreshTimer = setTimeout(on.refresh, timerDelay(expiresAt - SESSION_TIMER_MARGIN_MS));
    // ...AUTH-012: and if no refresh replaced it by then, the session is over.
    this.expiryTimer = setTimeout(on.expire, timerDelay(expiresAt));
  }

  clear(): void {
    if (this.refreshTimer !== null) clearTimeout(this.refreshTimer);
    if (this.expiryTimer !== null) clearTimeout(this.expiryTimer);
    this.refreshTimer = null;
    this.expiryTimer = null;
  }
}
