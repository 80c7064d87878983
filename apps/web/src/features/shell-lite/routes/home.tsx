import { Badge, Box, Container, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { env } from '../../../config/env';
import { usePageTitle } from '../../../lib/page-title';
import { PageLoader } from '../../../ui/page-loader';
import { useCurrentUser } from '../../auth';
import { AccountMenu } from '../components/account-menu';
import { planLabel, roleLabel } from '../active-space';

/**
 * The signed-in home until the space shell arrives: a header with the account menu and the
 * list of the user's spaces. Every signed-in path shows it for now.
 */
export function Component() {
  usePageTitle('Home');
  const user = useCurrentUser();
  if (!user.data) return <PageLoader />;
  const spaces = user.data.userWorkspaces ?? [];

  return (
    <Box mih="100dvh" bg="gray.0">
      <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="lg" py="sm">
          <Group justify="space-between">
            <Text fw={700} size="lg">
              {env.productName}
            </Text>
            <AccountMenu user={user.data} />
          </Group>
        </Container>
      </Box>
      <Container component="main" size="lg" py="xl">
        <Stack gap="lg">
          <Title order={1} size="h2">
            Your spaces
          </Title>
          <Paper withBorder>
            {spaces.length === 0 ? (
              <Text p="md" c="dimmed">
                You are not a member of any space yet.
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={480}>
                <Table verticalSpacing="sm" horizontalSpacing="md">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Space</Table.Th>
                      <Table.Th>Role</Table.Th>
                      <Table.Th>Plan</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {spaces.map((space) => (
                      <Table.Tr key={space.workspaceId}>
                        <Table.Td>
                          <Group gap="xs">
                            <Text>{space.workspaceName}</Text>
                            {space.isSendingWorkspace && (
                              <Badge variant="light" size="sm">
                                Emails are sent from this space
                              </Badge>
                            )}
                          </Group>
                        </Table.Td>
                        <Table.Td>{roleLabel(space.userRole)}</Table.Td>
                        <Table.Td>{planLabel(space.workspacePlan)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Paper>
        </Stack>
      </Container>
    </Box>
  );
}
