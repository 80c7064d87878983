import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { paths } from '../../../config/paths';
import { browserLocation } from '../../../lib/browser-location';
import { PageLoader } from '../../../ui/page-loader';

/** The path the document was loaded at (not where the app has navigated since). */
function documentPath(): string {
  const [entry] = performance.getEntriesByType('navigation');
  return new URL(entry?.name ?? window.location.href).pathname;
}

/**
 * /mailbox is a server page, the embedded shape's local mailbox. The app gets here only by its
 * own navigation, e.g. after signing in from the mailbox's link (`/login?continue=/mailbox`), and
 * then loads the page from the server. If the app itself was served at /mailbox, the server has
 * no mailbox (SMTP is configured): go home instead of loading it again.
 */
export function Component() {
  const servedHere = documentPath() === paths.public.localMailbox.path;
  useEffect(() => {
    if (!servedHere) browserLocation.assign(paths.public.localMailbox.getHref());
  }, [servedHere]);
  return servedHere ? <Navigate to={paths.home.getHref()} replace /> : <PageLoader />;
}
