import { Text } from '@mantine/core';
import { usePageTitle } from '../../../lib/page-title';
import { ResultPage } from '../components/result-page';

/** /stop-automatic-renewal (RES-005): placeholder until the renewal flow lands. */
export function Component() {
  usePageTitle('Stop automatic renewal');
  return (
    <ResultPage heading="Are you sure you want to stop the automatic renewal?">
      <Text c="dimmed">This page is not available yet.</Text>
    </ResultPage>
  );
}
