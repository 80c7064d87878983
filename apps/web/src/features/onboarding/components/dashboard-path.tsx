import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { env } from '../../../config/env';
import { paths } from '../../../config/paths';
// The sample the README's first merge uses (samples/ at the top of the repository), served with
// the app's assets so that anyone can try the dashboard's composer with it.
import sampleSpreadsheetUrl from '../../../../../../samples/contacts.xlsx?url';

export const SAMPLE_SPREADSHEET_NAME = 'contacts.xlsx';

/**
 * Issue 24: the way to send that needs no add-on, beside the spec's add-on steps (which stay as
 * they are): the dashboard's 'New mail merge', with a sample spreadsheet to try it on.
 */
export function DashboardPath() {
  return (
    <Stack gap="sm" component="section" aria-labelledby="dashboard-path-title">
      <Title order={2} size="h4" id="dashboard-path-title">
        Or send from the dashboard, without the add-on
      </Title>
      <List type="ordered" spacing="xs">
        <List.Item>
          On a computer, open{' '}
          <Anchor component={Link} to={paths.home.getHref()}>
            your {env.productName} dashboard
          </Anchor>{' '}
          and press <strong>New mail merge</strong> on the Mail merges page.
        </List.Item>
        <List.Item>
          Drop a spreadsheet (CSV or XLSX) with an Email column, and check the recipients.
        </List.Item>
        <List.Item>Write the subject and message, send a test email to yourself, then send.</List.Item>
      </List>
      <Text size="sm">
        No spreadsheet at hand?{' '}
        <Anchor href={sampleSpreadsheetUrl} download={SAMPLE_SPREADSHEET_NAME}>
          Download a sample spreadsheet ({SAMPLE_SPREADSHEET_NAME})
        </Anchor>
        : 20 made-up contacts at example addresses, the same as samples/{SAMPLE_SPREADSHEET_NAME} in{' '}
        {env.productName}&apos;s files.
      </Text>
    </Stack>
  );
}
