import { Avatar, UnstyledButton } from '@mantine/core';
import type { CurrentUser } from '@mergeboard/core';
import { useLoadOnIntent, type IntentTriggerProps } from '../../../ui/use-load-on-intent';
import type { SpaceContextValue } from '../../spaces';

const loadDropdown = () => import('./account-menu-dropdown');

/**
 * The header's account menu (SHELL-015 SHELL-016 SHELL-017): its avatar button renders with the page, the
 * menu itself (account-menu-dropdown.tsx) loads when the user first points at, focuses or clicks it.
 */
export function AccountMenu({ user, context }: { user: CurrentUser; context: SpaceContextValue | null }) {
  const menu = useLoadOnIntent(loadDropdown, 'menu');
  const trigger = (props: IntentTriggerProps) => (
    // The initials the avatar shows lead the name, so speech users can say what they see (WCAG 2.5.3).
    <UnstyledButton aria-label={`${user.initials}, Account menu`} style={{ borderRadius: '50%' }} {...props}>
      <Avatar src={user.profilePictureUrl} alt={user.userName} color="indigo" radius="xl">
        {user.initials}
      </Avatar>
    </UnstyledButton>
  );
  if (!menu.loaded) return trigger(menu.triggerProps);
  return (
    <menu.loaded.AccountMenuDropdown
      user={user}
      context={context}
      target={trigger({ autoFocus: menu.focusOnLoad })}
      defaultOpened={menu.openOnLoad}
    />
  );
}
