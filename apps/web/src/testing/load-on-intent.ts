import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * The real trigger of a menu or select whose code loads on intent (ui/use-load-on-intent.ts):
 * points at the look-alike, then waits until the loaded widget has replaced it. Clicking the
 * element found before that may hit the look-alike just after React removed it, as a person's
 * pointer never would (it presses whatever is under it by then).
 */
export async function realTrigger(
  user: { hover(element: Element): Promise<void> },
  find: () => HTMLElement,
): Promise<HTMLElement> {
  await user.hover(find());
  return waitFor(() => {
    const trigger = find();
    expect(trigger).not.toHaveAttribute('data-look-alike');
    return trigger;
  });
}
