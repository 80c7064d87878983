import { Button } from '@mantine/core';
import type { ButtonProps } from '@mantine/core';
import { GoogleIcon } from './google-icon';

/** A sign-in action styled as Google's button (its label says Google even for the local issuer). */
export function GoogleButton({
  children,
  onClick,
  ...props
}: ButtonProps & { children: string; onClick: () => void }) {
  return (
    <Button
      variant="default"
      size="md"
      fullWidth
      leftSection={<GoogleIcon />}
      // Long labels wrap on narrow phones instead of being cut off.
      h="auto"
      mih={42}
      py={8}
      styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
      onClick={onClick}
      {...props}
    >
      {children}
    </Button>
  );
}
