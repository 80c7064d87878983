import { Anchor } from '@mantine/core';
import type { AnchorProps, ElementProps } from '@mantine/core';

/**
 * A link to a page only the install can name (its support address, help center, legal pages;
 * issue 24). Without one, the words stay as plain text so the sentence around them still reads,
 * or, with `hideWithout`, nothing shows: never a link to a placeholder.
 */
export function ConfiguredLink({
  href,
  hideWithout = false,
  children,
  ...props
}: AnchorProps &
  ElementProps<'a', 'href' | 'children'> & {
    href: string | null;
    hideWithout?: boolean;
    children: string;
  }) {
  if (!href) return hideWithout ? null : <>{children}</>;
  return (
    <Anchor href={href} {...props}>
      {children}
    </Anchor>
  );
}
