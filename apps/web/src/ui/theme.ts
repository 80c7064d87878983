import { createTheme, em } from '@mantine/core';
import type { MantineBreakpoint } from '@mantine/core';
import { BREAKPOINTS } from '@mergeboard/core';

/** The spec's breakpoints in px (SHELL-026), by name. */
export const breakpoints = BREAKPOINTS;
export type BreakpointName = keyof typeof BREAKPOINTS;

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
});
