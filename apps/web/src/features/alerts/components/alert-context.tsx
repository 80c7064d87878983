import { createContext, useCallback, useContext, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { readStorage, writeStorage } from '../../../lib/browser-storage';

/** ALERT-001 */
export type AlertKind = 'legacy' | 'create' | 'remove' | 'transfer' | 'join' | 'error';

export interface AlertInput {
  kind: Exclude<AlertKind, 'legacy'>;
  title?: string;
  message: string;
  /** The page (pathname) the alert is for; the current one when left out. */
  path?: string;
}

export interface AppAlert extends Required<Omit<AlertInput, 'title'>> {
  id: number;
  title?: string;
  /** Shown on its page at least once. */
  seen: boolean;
  /** Path changes since it was raised without being shown (it is dropped after a few). */
  pending: number;
}

interface AlertContextValue {
  /** The alerts for the current page. */
  alerts: AppAlert[];
  showAlert(alert: AlertInput): void;
  closeAlert(id: number): void;
  isDismissed(key: string): boolean;
  /** Dismisses an alert key for good (kept in local storage, ALERT-011). */
  dismissKey(key: string): void;
}

const AlertContext = createContext<AlertContextValue | null>(null);

const DISMISSED_KEY = 'mb.dismissedAlerts';
/** An alert raised for another page waits this many path changes for it (redirects on the way). */
const MAX_PENDING_CHANGES = 3;

function readDismissed(): string[] {
  try {
    const parsed: unknown = JSON.parse(readStorage('local', DISMISSED_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((key): key is string => typeof key === 'string') : [];
  } catch {
    return [];
  }
}

interface State {
  pathname: string;
  alerts: AppAlert[];
  nextId: number;
}

/**
 * ALERT-002: create, remove, transfer, join and error alerts live until the path changes after
 * they were shown. An alert raised for the page being navigated to waits for it.
 */
export function AlertProvider({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const [state, setState] = useState<State>({ pathname, alerts: [], nextId: 1 });
  const [dismissed, setDismissed] = useState<string[]>(readDismissed);

  if (state.pathname !== pathname) {
    // Adjusting state to the new path during render (React's "previous render" pattern).
    setState({
      ...state,
      pathname,
      alerts: state.alerts
        .filter((alert) => alert.path === pathname || (!alert.seen && alert.pending < MAX_PENDING_CHANGES))
        .map((alert) =>
          alert.path === pathname ? { ...alert, seen: true } : { ...alert, pending: alert.pending + 1 },
        ),
    });
  }

  const showAlert = useCallback((input: AlertInput) => {
    setState((previous) => {
      const path = input.path ?? previous.pathname;
      const alert: AppAlert = {
        id: previous.nextId,
        kind: input.kind,
        title: input.title,
        message: input.message,
        path,
        seen: path === previous.pathname,
        pending: 0,
      };
      // One alert of a kind at a time: a newer one replaces the older.
      const others = previous.alerts.filter((existing) => existing.kind !== input.kind);
      return { ...previous, alerts: [...others, alert], nextId: previous.nextId + 1 };
    });
  }, []);

  const closeAlert = useCallback((id: number) => {
    setState((previous) => ({ ...previous, alerts: previous.alerts.filter((alert) => alert.id !== id) }));
  }, []);

  const dismissKey = useCallback((key: string) => {
    setDismissed((previous) => {
      const next = previous.includes(key) ? previous : [...previous, key];
      writeStorage('local', DISMISSED_KEY, JSON.stringify(next));
      return next;
    });
  }, []);

  const value = useMemo<AlertContextValue>(
    () => ({
      alerts: state.alerts.filter((alert) => alert.path === state.pathname),
      showAlert,
      closeAlert,
      isDismissed: (key) => dismissed.includes(key),
      dismissKey,
    }),
    [state, dismissed, showAlert, closeAlert, dismissKey],
  );

  return <AlertContext.Provider value={value}>{children}</AlertContext.Provider>;
}

export function useAlerts(): AlertContextValue {
  const value = useContext(AlertContext);
  if (!value) throw new Error('useAlerts needs an <AlertProvider> above it (see app/root-layout.tsx)');
  return value;
}
