import { Alert, Button, Text } from '@mantine/core';
import { useEffect, useEffectEvent, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { env } from '../../../config/env';
import { readStorage, removeStorage, writeStorage } from '../../../lib/browser-storage';
import { composePermissionOutcome, useAuth } from '../../auth';
import { useSpace } from '../../spaces';

export const ALLOW_SHEETS_TEXT = 'Allow access to Google Sheets';
export const SHEETS_DENIED_TEXT =
  'Access to Google Sheets was not granted, so this sheet cannot be read. Allow it to use a Google Sheet, or upload the sheet as a file.';

/** The sheet link waiting for the Sheets permission, across the trip to the provider (this tab only). */
const PENDING_SHEET_KEY = 'mb.pendingSheetLink';

/**
 * A Google Sheet whose link answered sheets_permission_required: the person grants read access to
 * their Sheets (the spreadsheets.readonly scope, asked incrementally like compose for templates)
 * and comes back to the composer, which links the same sheet again by itself. A link refused again
 * after the grant, or a grant the person declined, shows a message instead of asking in a loop.
 */
export function useSheetsPermission({
  onGranted,
  onDenied,
}: {
  /** Links the pending sheet again, once, after the grant (a second refusal is shown, not asked again). */
  onGranted: (url: string) => void;
  onDenied: () => void;
}) {
  const { user } = useSpace();
  const { requestComposePermission } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const outcome = composePermissionOutcome(location.state);
  const handled = useRef(false);

  const onReturn = useEffectEvent(() => {
    // Once per return: the replace below clears the outcome, ready for another trip.
    if (!outcome) handled.current = false;
    if (!outcome || handled.current) return;
    handled.current = true;
    const raw = readStorage('session', PENDING_SHEET_KEY);
    removeStorage('session', PENDING_SHEET_KEY);
    // Dropped from the history entry, so a reload or Back does not link again.
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
    const pending = raw ? (JSON.parse(raw) as { userId?: string; url?: string }) : null;
    if (pending?.userId !== user.userId || !pending.url) return;
    if (outcome === 'granted') onGranted(pending.url);
    else onDenied();
  });
  useEffect(() => onReturn(), [outcome]);

  return {
    request: (url: string) => {
      writeStorage('session', PENDING_SHEET_KEY, JSON.stringify({ userId: user.userId, url }));
      requestComposePermission({
        continueTo: location.pathname + location.search,
        loginHint: user.userEmail,
        sheets: true,
      });
    },
  };
}

/** The offer to grant the Sheets permission for the sheet just refused. */
export function SheetsPermissionAlert({ onAllow }: { onAllow: () => void }) {
  return (
    <Alert color="yellow" title="Google Sheets permission needed" role="status">
      <Text size="sm" mb="sm">
        To read this sheet, {env.productName} needs your permission to view your Google Sheets. You come back
        here afterwards and the sheet is read again.
      </Text>
      <Button variant="light" onClick={onAllow}>
        {ALLOW_SHEETS_TEXT}
      </Button>
    </Alert>
  );
}
