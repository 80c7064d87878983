import { Alert } from '@mantine/core';
import {
  seatPageRedirectNotice,
  seatPageRedirectOf,
  type SeatPage,
  type SeatPageRedirectReason,
} from '@mergeboard/core';
import { useLocation, useNavigate } from 'react-router';
import { useScheduledRemoval } from '../../seat-removal/api/scheduled-removal';

/**
 * Issue 24: the billing page reached from a seat page that could not be used (SEAT-005, SEAT-006)
 * says why the person landed here instead, from the navigation state the seat page sent. Closing
 * it drops that state, so Back or a reload does not show it again.
 */
export function SeatRedirectNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const redirect = seatPageRedirectOf(location.state);
  if (!redirect) return null;
  const dismiss = () =>
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  return redirect.reason === 'scheduled-removal' ? (
    <WhileRemovalScheduled page={redirect.page} onClose={dismiss} />
  ) : (
    <Notice page={redirect.page} reason={redirect.reason} onClose={dismiss} />
  );
}

/** The scheduled removal's reason holds only until it is cancelled (its banner says so then). */
function WhileRemovalScheduled({ page, onClose }: { page: SeatPage; onClose: () => void }) {
  const { removal } = useScheduledRemoval();
  if (!removal) return null;
  return <Notice page={page} reason="scheduled-removal" onClose={onClose} />;
}

function Notice({
  page,
  reason,
  onClose,
}: {
  page: SeatPage;
  reason: SeatPageRedirectReason;
  onClose: () => void;
}) {
  const notice = seatPageRedirectNotice(page, reason);
  return (
    <Alert color="blue" title={notice.title} withCloseButton closeButtonLabel="Dismiss" onClose={onClose}>
      {notice.message}
    </Alert>
  );
}
