import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useSpace } from '../../spaces';
import { mergeStartedFrom } from '../merge-started';

/**
 * After 'Send now' or 'Schedule' in the composer: what happens next and where to follow it. The
 * merge is on this tab while it waits and sends; Sent lists it from its first email on. The
 * history entry forgets it once shown, so a reload or Back does not show it again.
 */
export function MergeStartedBanner() {
  const { prefix } = useSpace();
  const location = useLocation();
  const navigate = useNavigate();
  const [started, setStarted] = useState(() => mergeStartedFrom(location.state));
  const carried = mergeStartedFrom(location.state) !== null;
  useEffect(() => {
    if (carried)
      void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
  }, [carried, location.pathname, location.search, navigate]);

  if (!started) return null;
  // The theme's link blue on the green tint is under 4.5:1 (WCAG AA); a shade darker reads clearly.
  const sent = (
    <Anchor component={Link} to={paths.space.sent.getHref(prefix)} c="blue.9" underline="always">
      Sent
    </Anchor>
  );
  return (
    <Alert
      color="green"
      role="status"
      title={started.scheduled ? 'Mail merge scheduled' : 'Mail merge started'}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={() => setStarted(null)}
    >
      <Stack gap={4}>
        {started.scheduled ? (
          <Text size="sm">
            “{started.title}” waits on this tab until its delivery date. Once it starts, the {sent} tab shows
            its opens and clicks.
          </Text>
        ) : (
          <Text size="sm">
            “{started.title}” is being sent. Follow it on this tab while its emails go out; the {sent} tab
            shows its opens and clicks.
          </Text>
        )}
        <Anchor
          component={Link}
          to={`${paths.space.scheduled.getHref(prefix)}/${started.scheduledMergeId}`}
          c="blue.9"
          underline="always"
          size="sm"
        >
          Follow its progress
        </Anchor>
      </Stack>
    </Alert>
  );
}
