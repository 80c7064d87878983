import { PlaceholderPage } from '../components/placeholder-page';

/** Placeholder until the work areas issue brings the page. */
export function Component() {
  return <PlaceholderPage title="Team report" note="This page arrives soon." />;
}
