import { Button, Text } from '@mantine/core';
import { useLoadOnIntent, type IntentTriggerProps } from '../../../ui/use-load-on-intent';
import { useSpace } from '../../spaces';

const loadDropdown = () => import('./space-menu-dropdown');

/**
 * The sidebar's space menu (SHELL-018 SHELL-019 SHELL-020): its button renders with the page, the menu itself
 * (space-menu-dropdown.tsx) loads when the user first points at, focuses or clicks it.
 */
export function SpaceDropdown({ onCreateSpace }: { onCreateSpace: () => void }) {
  const { space: active } = useSpace();
  const menu = useLoadOnIntent(loadDropdown, 'menu');
  const trigger = (props: IntentTriggerProps) => (
    <Button
      variant="default"
      fullWidth
      justify="space-between"
      // The visible space name leads the name, so speech users can say what they see (WCAG 2.5.3).
      aria-label={`${active.workspaceName}, Space menu`}
      rightSection={<span aria-hidden>▾</span>}
      {...props}
    >
      <Text size="sm" fw={600} truncate>
        {active.workspaceName}
      </Text>
    </Button>
  );
  if (!menu.loaded) return trigger(menu.triggerProps);
  return (
    <menu.loaded.SpaceMenuDropdown
      onCreateSpace={onCreateSpace}
      target={trigger({ autoFocus: menu.focusOnLoad })}
      defaultOpened={menu.openOnLoad}
    />
  );
}
