import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { ErrorScreen } from './error-screen';

/** The router's `ErrorBoundary`: a render or loader error in any route shows the generic screen. */
export function RouteErrorScreen() {
  const error = useRouteError();
  useEffect(() => {
    // The router swallows the error once this boundary renders; keep it visible in the console.
    console.error(error);
  }, [error]);
  return <ErrorScreen />;
}
