import { PlaceholderPage } from '../components/placeholder-page';

/** Placeholder until the work areas issue brings the page. */
export function Component() {
  return <PlaceholderPage title="Templates" note="This page arrives soon." />;
}
