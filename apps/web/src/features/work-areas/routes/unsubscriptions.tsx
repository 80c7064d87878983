import { UnsubscriptionsPage } from '../../suppressions';

/** ROUTE-012: {prefix}/unsubscriptions. */
export function Component() {
  return <UnsubscriptionsPage />;
}
