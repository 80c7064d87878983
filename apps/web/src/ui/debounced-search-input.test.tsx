import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../testing/render';
import { DebouncedSearchInput } from './debounced-search-input';

describe('debounced search input', () => {
  it('CONST-012 reports the term 200 ms after the last keystroke, or at once when the box loses focus', async () => {
    const onSearch = vi.fn();
    renderWithProviders(<DebouncedSearchInput value="" onSearch={onSearch} />);
    const box = screen.getByRole('textbox', { name: 'Search' });

    await userEvent.type(box, ' leads ');
    await vi.waitFor(() => expect(onSearch).toHaveBeenCalledWith('leads'));
    expect(onSearch).toHaveBeenCalledTimes(1);

    await userEvent.type(box, 'x');
    fireEvent.blur(box);
    // Synchronously on blur: the 200 ms timer cannot have run yet.
    expect(onSearch).toHaveBeenLastCalledWith('leads x');
    expect(onSearch).toHaveBeenCalledTimes(2);
  });
});
