import { Burger, Button, Group, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { env } from '../../../config/env';
import { ConfiguredLink } from '../../../ui/configured-link';
import { paths } from '../../../config/paths';
import { useSpace } from '../../spaces';
import { showUpgradeButton } from '../shell-rules';
import { AccountMenu } from './account-menu';

/**
 * SHELL-011 SHELL-012 SHELL-013 SHELL-014 SHELL-015 SHELL-016 SHELL-017: burger (mobile), product name,
 * Upgrade, help link and the account menu.
 */
export function AppHeader({
  navOpened,
  onToggleNav,
  onOpenUpgradeInfo,
}: {
  navOpened: boolean;
  onToggleNav: () => void;
  onOpenUpgradeInfo: () => void;
}) {
  const context = useSpace();
  const { pathname } = useLocation();
  const { space, permissions, prefix, user } = context;
  const active = user.status !== 'DISABLED';

  return (
    <Group h="100%" px={{ base: 'xs', md: 'md' }} justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={navOpened}
          onClick={onToggleNav}
          hiddenFrom="md"
          size="sm"
          aria-label={navOpened ? 'Close navigation' : 'Open navigation'}
        />
        <Text fw={700} size="lg">
          {env.productName}
        </Text>
      </Group>
      <Group gap="xs" wrap="nowrap">
        {active && showUpgradeButton(space, permissions, pathname) && (
          <Button component={Link} to={paths.space.checkoutDetails.getHref(prefix)} size="xs">
            Upgrade
          </Button>
        )}
        {active && permissions.isFreeMemberOfProSpace && (
          <Button size="xs" onClick={onOpenUpgradeInfo}>
            Upgrade
          </Button>
        )}
        <ConfiguredLink href={env.helpCenterUrl} hideWithout target="_blank" rel="noreferrer" size="sm">
          Help
        </ConfiguredLink>
        <AccountMenu user={user} context={context} />
      </Group>
    </Group>
  );
}
