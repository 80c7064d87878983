import { UnsubscriptionsPage } from '../../unsubscriptions';

/** ROUTE-012: {prefix}/unsubscriptions. */
export function Component() {
  return <UnsubscriptionsPage />;
}
