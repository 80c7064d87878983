/**
 * Mantine components that no page draws on its first load (dialogs, menus, tooltips, selects'
 * dropdowns, badges, checkboxes, the onboarding stepper…) and the stylesheets each needs beyond
 * those in mantine-styles.css. They are not in that stylesheet: vite.config.ts adds their imports
 * to each module that imports such a component from @mantine/core, so they load with that
 * module's chunk, after the entry's stylesheet and its building blocks (issue 10: 16 kB gzip of
 * CSS in every first load).
 */
export const laterStylesheets = [
  // In the order of Mantine's own styles.css: a component's rules come after its building blocks'.
  'ScrollArea',
  'AspectRatio',
  'Container',
  'Overlay',
  'Popover',
  'ModalBase',
  'InlineInput',
  'Checkbox',
  'Badge',
  'Code',
  'List',
  'Menu',
  'Modal',
  'Pill',
  'PillsInput',
  'Progress',
  'Radio',
  'Tooltip',
  'Stepper',
  'Switch',
] as const;

type LaterStylesheet = (typeof laterStylesheets)[number];

export const laterStylesOf: Record<string, readonly LaterStylesheet[]> = {
  AspectRatio: ['AspectRatio'],
  Badge: ['Badge'],
  Checkbox: ['InlineInput', 'Checkbox'],
  Code: ['Code'],
  Container: ['Container'],
  Combobox: ['Popover'],
  List: ['List'],
  Menu: ['Popover', 'Menu'],
  Modal: ['Overlay', 'ModalBase', 'Modal'],
  Pill: ['Pill'],
  PillsInput: ['Pill', 'PillsInput'],
  Popover: ['Popover'],
  Progress: ['Progress'],
  Radio: ['InlineInput', 'Radio'],
  ScrollArea: ['ScrollArea'],
  // The theme draws selects' options without a scroll area; one asking for it gets its styles.
  Select: ['ScrollArea', 'Popover'],
  Stepper: ['Stepper'],
  Switch: ['InlineInput', 'Switch'],
  Tooltip: ['Tooltip'],
};

/** The stylesheets (by Mantine's file names) a module needs for the @mantine/core names it imports. */
export function laterStylesFor(importedNames: Iterable<string>): LaterStylesheet[] {
  const wanted = new Set([...importedNames].flatMap((name) => laterStylesOf[name] ?? []));
  return laterStylesheets.filter((sheet) => wanted.has(sheet));
}

/** The names a module's code imports from @mantine/core, type imports left out. */
export function mantineImportsOf(code: string): string[] {
  return [...code.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@mantine\/core'/g)].flatMap(([, list]) =>
    list!
      .split(',')
      .map((item) => item.trim())
      .filter((name) => name && !name.startsWith('type ')),
  );
}
