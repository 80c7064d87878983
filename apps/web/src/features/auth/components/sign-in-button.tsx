import { Button } from '@mantine/core';
import type { ButtonProps } from '@mantine/core';
import { env } from '../../../config/env';
import { GoogleIcon } from './google-icon';

/**
 * A sign-in action: Google's button (its G) when the install signs in with Google, a plain one when
 * it signs in with its built-in issuer, whose page asks for an address (issue 24).
 */
export function SignInButton({
  children,
  onClick,
  ...props
}: ButtonProps & { children: string; onClick: () => void }) {
  return (
    <Button
      variant="default"
      size="md"
      fullWidth
      leftSection={env.authProvider === 'google' ? <GoogleIcon /> : undefined}
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
