import { ComboboxChevron, InputBase, type SelectProps } from '@mantine/core';
import { useLoadOnIntent } from './use-load-on-intent';

const loadSelect = () => import('./mantine-select');

interface Option {
  value: string;
  label: string;
}

/**
 * Mantine's Select whose code (Combobox, Popover, floating-ui) loads when the user first points
 * at, focuses or clicks it (ui/use-load-on-intent.ts). Until then it is a read-only look-alike
 * input showing the chosen option's label.
 */
export function SelectOnIntent(props: SelectProps & { data: Option[]; value: string }) {
  const select = useLoadOnIntent(loadSelect, 'listbox');
  if (select.loaded) {
    return (
      <select.loaded.Select
        {...props}
        defaultDropdownOpened={select.openOnLoad}
        autoFocus={select.focusOnLoad}
      />
    );
  }
  return (
    <InputBase
      role="combobox"
      aria-label={props['aria-label']}
      w={props.w}
      readOnly
      pointer
      value={props.data.find((option) => option.value === props.value)?.label ?? ''}
      rightSection={<ComboboxChevron />}
      rightSectionPointerEvents="none"
      {...select.triggerProps}
    />
  );
}
