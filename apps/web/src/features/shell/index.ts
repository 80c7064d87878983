export { AppShellLayout } from './components/app-shell-layout';
export { DisabledPage } from './components/disabled-page';
export { MANAGE_SETTINGS_TEXT } from './components/sidebar';
