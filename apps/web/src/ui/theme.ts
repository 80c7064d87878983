import { createTheme, darken, em, rem } from '@mantine/core';
import type { CSSVariablesResolver, MantineBreakpoint } from '@mantine/core';
import { BREAKPOINTS } from '@mergeboard/core';

/** The spec's breakpoints in px (SHELL-026), by name. */
export const breakpoints = BREAKPOINTS;
type BreakpointName = keyof typeof BREAKPOINTS;

/** Which Mantine breakpoint key carries each named breakpoint (`hiddenFrom="md"` = from tablet up). */
export const mantineBreakpointOf = {
  smallMobile: 'xs',
  mobile: 'sm',
  tablet: 'md',
  laptop: 'lg',
  desktop: 'xl',
} as const satisfies Record<BreakpointName, MantineBreakpoint>;

const fontFamily =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif, 'Apple Color Emoji', 'Segoe UI Emoji'";

/** The pager's arrow buttons show an icon only. */
const PAGINATION_CONTROL_LABELS = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
} as const;

export const theme = createTheme({
  breakpoints: {
    xs: em(BREAKPOINTS.smallMobile),
    sm: em(BREAKPOINTS.mobile),
    md: em(BREAKPOINTS.tablet),
    lg: em(BREAKPOINTS.laptop),
    xl: em(BREAKPOINTS.desktop),
  },
  primaryColor: 'indigo',
  primaryShade: { light: 7, dark: 5 },
  fontFamily,
  headings: { fontFamily, fontWeight: '700' },
  defaultRadius: 'md',
  // Plain entries, not Component.extend(): importing Select or Menu here would put them (and
  // floating-ui) into the first load of every page.
  components: {
    // Icon-only controls get a name (WCAG 4.1.2): the dialogs' ×, the banners' ×, the pager's arrows.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Alert: { defaultProps: { closeButtonLabel: 'Dismiss' } },
    Pagination: {
      defaultProps: {
        getControlProps: (control: keyof typeof PAGINATION_CONTROL_LABELS) => ({
          'aria-label': PAGINATION_CONTROL_LABELS[control],
        }),
      },
    },
    // A menu holds menu items only: no focus placeholder inside it; opening focuses the first item.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // A select is an ARIA combobox: the field says whether its list is open and, when it is,
    // names it (aria-controls). The list scrolls itself, as the combobox's listbox, rather than
    // inside a scroll area no key can reach: the arrow keys move through the options from the
    // field (Tab leaves the field and closes the list).
    Select: {
      defaultProps: { role: 'combobox', withScrollArea: false },
      styles: { options: { maxHeight: rem(220), overflowY: 'auto' } },
    },
    ComboboxTarget: { defaultProps: { withExpandedAttribute: true } },
    // A wide table scrolls sideways in the browser's own scrolling: Mantine's ScrollArea would
    // come with every list's first load (vite.config.ts keeps it out of Table's imports).
    TableScrollContainer: { defaultProps: { type: 'native' } },
  },
});

/**
 * Text colours that reach WCAG 2.1 AA's 4.5:1 in the light scheme. Mantine's own fall short:
 * dimmed text (gray 6) has 3.3:1 on white and 3.0:1 on gray 1, placeholders (gray 5) 2.1:1,
 * errors (red 6) 3.3:1, coloured text on its own 10% tint (light badges, alerts and buttons,
 * the active nav link, avatars) 2.0 to 4.3:1, and white on a red button (red 7) 3.8:1. Each
 * value keeps its hue, one or two steps darker; green, yellow and orange have no shade dark
 * enough, so they get their own.
 */
const DIMMED_TEXT = '#5c636a'; // 5.5:1 on gray 1, 5.1:1 on gray 2
const TEXT_ON_TINT = {
  indigo: 'var(--mantine-color-indigo-9)',
  blue: 'var(--mantine-color-blue-9)',
  red: 'var(--mantine-color-red-9)',
  green: '#257535',
  yellow: '#a15300',
  orange: '#b83d0d',
} as const;

export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': DIMMED_TEXT,
    '--mantine-color-placeholder': DIMMED_TEXT,
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    ...Object.fromEntries(
      Object.entries(TEXT_ON_TINT).flatMap(([color, text]) => [
        [`--mantine-color-${color}-text`, text],
        [`--mantine-color-${color}-light-color`, text],
        [`--mantine-color-${color}-outline`, text],
      ]),
    ),
    '--mantine-color-red-filled': 'var(--mantine-color-red-9)',
    '--mantine-color-red-filled-hover': darken(resolved.colors.red[9], 0.1),
  },
  dark: {},
});
