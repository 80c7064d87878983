import { Stack, Text, Title } from '@mantine/core';
import { Navigate } from 'react-router';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/page-title';
import { CenteredPage } from '../../../ui/centered-page';
import { PageLoader } from '../../../ui/page-loader';
import { useCurrentUser } from '../../auth';
import { bestSpace } from '../select-space';

/** Signed in, '/' opens the best space's mail merges: the sending space, else the first. */
export function HomeRedirect() {
  const user = useCurrentUser();
  if (!user.data) return <PageLoader />;
  const space = bestSpace(user.data.userWorkspaces);
  if (!space) return <NoSpace />;
  return <Navigate to={paths.space.sent.getHref(space.urlPrefix)} replace />;
}

function NoSpace() {
  usePageTitle('Home');
  return (
    <CenteredPage>
      <Stack align="center" gap="xs">
        <Title order={1} size="h3">
          No space yet
        </Title>
        <Text c="dimmed">You are not a member of any space yet.</Text>
      </Stack>
    </CenteredPage>
  );
}
