import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useLoadOnIntent } from './use-load-on-intent';

/** A module whose loading the test finishes by hand. */
function deferredModule() {
  let resolve!: () => void;
  const loaded = new Promise<{ Widget: (props: { opened: boolean; focused: boolean }) => React.JSX.Element }>(
    (done) => {
      resolve = () =>
        done({
          Widget: ({ opened, focused }) => (
            <button type="button" autoFocus={focused} aria-expanded={opened}>
              Real {opened ? 'opened' : 'closed'}
            </button>
          ),
        });
    },
  );
  let calls = 0;
  const load = () => {
    calls += 1;
    return loaded;
  };
  return { load, resolve, calls: () => calls };
}

function Harness({
  load,
}: {
  load: () => Promise<{ Widget: (props: { opened: boolean; focused: boolean }) => React.JSX.Element }>;
}) {
  const widget = useLoadOnIntent(load, 'menu');
  if (widget.loaded) return <widget.loaded.Widget opened={widget.openOnLoad} focused={widget.focusOnLoad} />;
  return (
    <button type="button" {...widget.triggerProps}>
      Look-alike
    </button>
  );
}

describe('load on intent', () => {
  it('a press before the code arrives opens the widget once it is in', async () => {
    const module = deferredModule();
    const user = userEvent.setup();
    render(<Harness load={module.load} />);
    const lookAlike = screen.getByRole('button', { name: 'Look-alike' });
    expect(lookAlike).toHaveAttribute('aria-haspopup', 'menu');
    expect(lookAlike).toHaveAttribute('aria-expanded', 'false');
    await user.click(lookAlike);
    module.resolve();
    expect(await screen.findByRole('button', { name: 'Real opened' })).not.toHaveAttribute('data-look-alike');
    expect(module.calls()).toBe(1);
  });

  it('pointing only loads: the real widget comes in closed', async () => {
    const module = deferredModule();
    const user = userEvent.setup();
    render(<Harness load={module.load} />);
    await user.hover(screen.getByRole('button', { name: 'Look-alike' }));
    expect(module.calls()).toBe(1);
    module.resolve();
    expect(await screen.findByRole('button', { name: 'Real closed' })).toBeInTheDocument();
  });

  it('a focused look-alike hands focus to the real widget', async () => {
    const module = deferredModule();
    const user = userEvent.setup();
    render(<Harness load={module.load} />);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Look-alike' })).toHaveFocus();
    module.resolve();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Real closed' })).toHaveFocus());
  });

  it('a failed load leaves the look-alike, and the next intent tries again', async () => {
    let calls = 0;
    const failing = () => {
      calls += 1;
      return Promise.reject(new Error('chunk gone'));
    };
    const user = userEvent.setup();
    render(<Harness load={failing as never} />);
    const lookAlike = screen.getByRole('button', { name: 'Look-alike' });
    await user.hover(lookAlike);
    await waitFor(() => expect(calls).toBe(1));
    await user.unhover(lookAlike);
    await user.hover(lookAlike);
    await waitFor(() => expect(calls).toBe(2));
    expect(screen.getByRole('button', { name: 'Look-alike' })).toBeInTheDocument();
  });
});
