import { Box, NavLink, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../config/paths';
import { useSpace } from '../../spaces';
import { Promotions } from './promotions';
import { SpaceDropdown } from './space-dropdown';

interface Item {
  label: string;
  href: string;
}

function isActive(pathname: string, href: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}

function SidebarLink({
  item,
  pathname,
  onNavigate,
}: {
  item: Item;
  pathname: string;
  onNavigate: () => void;
}) {
  const active = isActive(pathname, item.href);
  return (
    <NavLink
      component={Link}
      to={item.href}
      label={item.label}
      active={active}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
    />
  );
}

export const MANAGE_SETTINGS_TEXT =
  'You cannot manage settings if you are not an owner or admin of the selected space.';

/**
 * SHELL-001 SHELL-002 SHELL-003 SHELL-004 SHELL-005 SHELL-006 SHELL-007 SHELL-008 SHELL-009: the space's
 * navigation: the work areas the user may open, the onboarding while the add-on is not installed (ONB-002), a
 * Settings group (General for owners, Users or Members with access to users, Billing with billing access),
 * one active item, and promotions at the bottom.
 */
export function Sidebar({
  onNavigate,
  onCreateSpace,
}: {
  onNavigate: () => void;
  onCreateSpace: () => void;
}) {
  const { prefix, permissions, isPerSeat, user } = useSpace();
  const { pathname } = useLocation();
  // SHELL-007: the group starts expanded and can be collapsed.
  const [settingsOpened, setSettingsOpened] = useState(true);

  const main: Item[] = [
    { label: 'Mail merges', href: paths.space.mailMerges.getHref(prefix) },
    { label: 'Unsubscriptions', href: paths.space.unsubscriptions.getHref(prefix) },
    ...(permissions.showBouncesPage ? [{ label: 'Bounces', href: paths.space.bounces.getHref(prefix) }] : []),
    ...(permissions.canAccessTeamReport
      ? [{ label: 'Team report', href: paths.space.teamReport.getHref(prefix) }]
      : []),
    // ONB-002: the tutorial stays on offer until the add-on reports its installation.
    ...(user.installationTimestamp == null
      ? [{ label: 'Get started', href: paths.onboarding.getStarted.getHref() }]
      : []),
  ];
  const settings: Item[] = [
    ...(permissions.canAccessGeneralSettings
      ? [{ label: 'General', href: paths.space.general.getHref(prefix) }]
      : []),
    ...(permissions.canAccessUsersPage
      ? [{ label: isPerSeat ? 'Users' : 'Members', href: paths.space.users.getHref(prefix) }]
      : []),
    ...(permissions.canAccessWorkspaceBilling
      ? [{ label: 'Billing', href: paths.space.billing.getHref(prefix) }]
      : []),
    // Issue 26: every member (a member sees their own figures there).
    { label: 'Deliverability', href: paths.space.deliverability.getHref(prefix) },
  ];

  return (
    <Stack h="100%" gap="md" p="md">
      <SpaceDropdown onCreateSpace={onCreateSpace} />
      {/* The browser's own scrolling: Mantine's ScrollArea drew the same (its bars only when the
          links overflow) for 5 kB gzip more in every signed-in first load. */}
      <Box style={{ flex: 1, overflowY: 'auto' }}>
        <Stack gap={2} aria-label="Space navigation" role="group">
          {main.map((item) => (
            <SidebarLink key={item.href} item={item} pathname={pathname} onNavigate={onNavigate} />
          ))}
          <NavLink
            component="button"
            label="Settings"
            opened={settingsOpened}
            onChange={setSettingsOpened}
            childrenOffset="md"
            aria-expanded={settingsOpened}
          >
            {settings.map((item) => (
              <SidebarLink key={item.href} item={item} pathname={pathname} onNavigate={onNavigate} />
            ))}
            {!permissions.canManageSettings && (
              <Text size="xs" c="dimmed" px="sm" py={4}>
                {MANAGE_SETTINGS_TEXT}
              </Text>
            )}
          </NavLink>
        </Stack>
      </Box>
      <Promotions />
    </Stack>
  );
}
