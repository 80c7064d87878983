import { Text } from '@mantine/core';
import { usePageTitle } from '../../../lib/page-title';
import { ResultPage } from '../components/result-page';

/** /wrong-plan (RES-015..024): placeholder until the plan check lands. */
export function Component() {
  usePageTitle('Wrong plan');
  return (
    <ResultPage heading="Wrong plan">
      <Text c="dimmed">This page is not available yet.</Text>
    </ResultPage>
  );
}
