/**
 * Stands in for the aside and the footer of Mantine's AppShell where AppShell and its media
 * styles import them (vite.config.ts): the signed-in shell (features/shell) draws a header and a
 * navbar only, and without an `aside` or a `footer` prop their CSS variable builders add
 * nothing. Whole, the two parts came with the shell's first load (about 0.3 kB gzip). Drawing
 * either, or giving AppShell either prop, throws.
 */
function unavailable(): never {
  throw new Error("AppShell's aside and footer are left out of the web build (vite.config.ts)");
}

export const AppShellAside = unavailable;
export const AppShellFooter = unavailable;

export function assignAsideVariables({ aside }: { aside?: unknown }): void {
  if (aside) unavailable();
}

export function assignFooterVariables({ footer }: { footer?: unknown }): void {
  if (footer) unavailable();
}
