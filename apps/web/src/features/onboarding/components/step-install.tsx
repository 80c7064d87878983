import { Anchor, Button, Group, List, Stack, Text, Title, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import { env } from '../../../config/env';
import { paths } from '../../../config/paths';
import { DashboardPath } from './dashboard-path';

interface StepInstallProps {
  /** The user record has an installation timestamp or the marketplace link was opened (ONB-010). */
  canContinue: boolean;
  onMarketplaceVisited: () => void;
  onContinue: () => void;
}

/**
 * Onboarding step 2 (ONB-008 ONB-009 ONB-010 ONB-011), then the dashboard's own way to send, which
 * needs no add-on (issue 24).
 */
export function StepInstall({ canContinue, onMarketplaceVisited, onContinue }: StepInstallProps) {
  const { productName } = env;
  return (
    <Stack gap="lg" maw={560} mx="auto">
      <Title order={1}>Install {productName}</Title>

      <Stack gap="sm">
        <Title order={2} size="h4">
          {`1. Install the ${productName} add-on`}
        </Title>
        <List type="ordered" spacing="xs">
          <List.Item>Click Install on the add-on&apos;s page in the Google Workspace Marketplace.</List.Item>
          <List.Item>Choose the Google account you want to send your mail merges from.</List.Item>
          <List.Item>Grant the permissions the add-on asks for.</List.Item>
        </List>
        <Group>
          <Button
            component="a"
            href={env.marketplaceUrl}
            target="_blank"
            rel="noopener noreferrer"
            onClick={onMarketplaceVisited}
          >
            Go to Marketplace
          </Button>
        </Group>
      </Stack>

      <Stack gap="sm">
        <Title order={2} size="h4">
          2. Once installation is done, return to this window
        </Title>
        <Group justify="space-between">
          <Tooltip
            label={`You must have ${productName} installed to continue.`}
            disabled={canContinue}
            events={{ hover: true, focus: true, touch: true }}
          >
            {/* aria-disabled instead of disabled: the button stays focusable so the tip shows on focus. */}
            <Button
              aria-disabled={!canContinue}
              data-disabled={!canContinue || undefined}
              onClick={(event) => {
                if (!canContinue) {
                  event.preventDefault();
                  return;
                }
                onContinue();
              }}
            >
              Continue
            </Button>
          </Tooltip>
          <Anchor component={Link} to={paths.home.getHref()}>
            Skip the tutorial
          </Anchor>
        </Group>
      </Stack>
      <Text size="sm" c="dimmed">
        The add-on opens from the Extensions menu of any Google Sheets spreadsheet.
      </Text>
      <DashboardPath />
    </Stack>
  );
}
