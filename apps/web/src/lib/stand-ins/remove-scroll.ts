import { fullWidthClassName, zeroRightClassName } from 'react-remove-scroll-bar/constants';

/**
 * Stands in for react-remove-scroll where Mantine's AppShell parts import it (vite.config.ts):
 * they read only its class names, which mark the fixed bars a modal's scroll lock pads.
 */
export const RemoveScroll = {
  classNames: { zeroRight: zeroRightClassName, fullWidth: fullWidthClassName },
};
