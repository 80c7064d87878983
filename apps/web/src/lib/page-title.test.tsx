import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { env } from '../config/env';
import { renderRoute } from '../testing/render';
import { formatPageTitle, usePageTitle } from './page-title';

function Titled({ title }: { title: string }) {
  usePageTitle(title);
  return null;
}

describe('page titles', () => {
  it("ROUTE-031: the title carries ' | ' and the product name (Mergeboard by default)", async () => {
    expect(env.productName).toBe('Mergeboard');
    renderRoute('/login');
    await waitFor(() => expect(document.title).toBe('Login | Mergeboard'));
  });

  it('ROUTE-031: the suffix follows the configured product name', () => {
    expect(formatPageTitle('Billing', 'YAMM')).toBe('Billing | YAMM');
  });

  it('ROUTE-031: follows the current screen and puts the previous title back when it goes away', () => {
    document.title = 'Before';
    const { rerender, unmount } = render(<Titled title="Users" />);
    expect(document.title).toBe('Users | Mergeboard');
    rerender(<Titled title="Billing" />);
    expect(document.title).toBe('Billing | Mergeboard');
    unmount();
    expect(document.title).toBe('Before');
  });
});
