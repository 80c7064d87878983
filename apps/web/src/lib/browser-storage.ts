/**
 * Local and session storage that never throws: a browser that blocks storage (cookies off,
 * some private modes) makes every access throw, which {@link probeStorage} reports as
 * 'cookie-error' (AUTH-025) so the app can show the cookies screen instead of crashing.
 */
type StorageProblem = 'cookie-error';

type Area = 'local' | 'session';

function area(which: Area): Storage {
  return which === 'local' ? window.localStorage : window.sessionStorage;
}

/** Writes and removes a probe value in both areas; 'cookie-error' if any access throws. */
export function probeStorage(): StorageProblem | null {
  const key = 'mb.probe';
  try {
    for (const which of ['local', 'session'] as const) {
      area(which).setItem(key, '1');
      area(which).removeItem(key);
    }
    return null;
  } catch {
    return 'cookie-error';
  }
}

export function readStorage(which: Area, key: string): string | null {
  try {
    return area(which).getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(which: Area, key: string, value: string): void {
  try {
    area(which).setItem(key, value);
  } catch {
    // Blocked storage was reported at start (probeStorage); nothing more to do here.
  }
}

export function removeStorage(which: Area, key: string): void {
  try {
    area(which).removeItem(key);
  } catch {
    // As above.
  }
}
