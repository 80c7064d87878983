import type { RouteObject } from 'react-router';
import { paths } from '../../config/paths';

export { MANAGE_SETTINGS_TEXT } from './components/sidebar';

/**
 * The signed-in shell (header, sidebar, alerts) around a space's pages in `children`; its code
 * loads with the first of them.
 */
export function appShellRoute(children: RouteObject[]): RouteObject {
  return {
    lazy: async () => ({ Component: (await import('./components/app-shell-layout')).AppShellLayout }),
    children,
  };
}

/** SHELL-025: the page of a DISABLED user. */
export const disabledPageRoute: RouteObject = {
  path: paths.space.disabled.path,
  lazy: async () => ({ Component: (await import('./components/disabled-page')).DisabledPage }),
};
