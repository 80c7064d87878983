import { Box, Table } from '@mantine/core';
import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';

interface Hidden {
  /** Columns are hidden to the left (the box was scrolled). */
  start: boolean;
  /** Columns are hidden to the right. */
  end: boolean;
}

const edge = (side: 'left' | 'right'): CSSProperties => ({
  position: 'absolute',
  top: 0,
  bottom: 0,
  [side]: 0,
  width: 28,
  pointerEvents: 'none',
  background: `linear-gradient(to ${side === 'left' ? 'right' : 'left'}, rgba(33, 37, 41, 0.18), rgba(33, 37, 41, 0))`,
});

/**
 * A table wider than the screen scrolls sideways in its own box (issue 24: at 375 px nothing said
 * so). A shadow on each edge that hides columns says there is more that way; while it scrolls,
 * the box is a labelled region in the Tab order, so the arrow keys scroll it too (WCAG 2.1.1).
 */
export function SidewaysScroll({
  label,
  minWidth,
  children,
}: {
  label: string;
  minWidth: number;
  children: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [hidden, setHidden] = useState<Hidden>({ start: false, end: false });

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => {
      const rest = element.scrollWidth - element.clientWidth - element.scrollLeft;
      // A pixel of slack: zoomed pages report fractional widths.
      setHidden({ start: element.scrollLeft > 1, end: rest > 1 });
    };
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    const resized = new ResizeObserver(measure);
    resized.observe(element);
    return () => {
      element.removeEventListener('scroll', measure);
      resized.disconnect();
    };
  }, []);

  const scrolls = hidden.start || hidden.end;
  return (
    <Box pos="relative">
      <Table.ScrollContainer
        ref={box}
        minWidth={minWidth}
        className="mantine-focus-auto"
        {...(scrolls ? { role: 'region', 'aria-label': label, tabIndex: 0 } : {})}
      >
        {children}
      </Table.ScrollContainer>
      {hidden.start && <div aria-hidden="true" data-scroll-cue="start" style={edge('left')} />}
      {hidden.end && <div aria-hidden="true" data-scroll-cue="end" style={edge('right')} />}
    </Box>
  );
}
