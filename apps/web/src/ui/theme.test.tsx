import { useMantineTheme } from '@mantine/core';
import { act, screen } from '@testing-library/react';
import { BREAKPOINTS } from '@mergeboard/core';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../testing/render';
import { setViewportWidth } from '../testing/viewport';
import { breakpoints, mantineBreakpointOf } from './theme';
import { useIsMobile } from './use-is-mobile';

function BreakpointList() {
  const theme = useMantineTheme();
  return (
    <ul>
      {Object.entries(mantineBreakpointOf).map(([name, key]) => (
        <li key={name}>{`${name} ${key} ${theme.breakpoints[key]}`}</li>
      ))}
    </ul>
  );
}

function LayoutName() {
  return <p>{useIsMobile() ? 'mobile layout' : 'desktop layout'}</p>;
}

describe('theme', () => {
  it('SHELL-026: exposes smallMobile 375, mobile 480, tablet 990, laptop 1024 and desktop 1440 px', () => {
    expect(breakpoints).toEqual({ smallMobile: 375, mobile: 480, tablet: 990, laptop: 1024, desktop: 1440 });
    expect(breakpoints).toBe(BREAKPOINTS);

    renderWithProviders(<BreakpointList />);

    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'smallMobile xs 23.4375em',
      'mobile sm 30em',
      'tablet md 61.875em',
      'laptop lg 64em',
      'desktop xl 90em',
    ]);
  });

  it('SHELL-027: below the tablet breakpoint (990 px) is the mobile layout', () => {
    setViewportWidth(375);
    renderWithProviders(<LayoutName />);
    expect(screen.getByText('mobile layout')).toBeInTheDocument();

    act(() => setViewportWidth(990));
    expect(screen.getByText('desktop layout')).toBeInTheDocument();

    act(() => setViewportWidth(989));
    expect(screen.getByText('mobile layout')).toBeInTheDocument();
  });
});
