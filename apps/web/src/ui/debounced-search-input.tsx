import { TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '@mergeboard/core';

/**
 * CONST-012: a search box that reports its value 200 ms after the last keystroke; an empty box
 * reports '' (the list then drops its filter), and at once when the box loses focus. The caller
 * URL-encodes the term (formatFilterBy).
 */
export function DebouncedSearchInput({
  value,
  onSearch,
  label = 'Search',
  placeholder = 'Search',
}: {
  value: string;
  onSearch: (value: string) => void;
  label?: string;
  placeholder?: string;
}) {
  const [text, setText] = useState(value);
  const report = useDebouncedCallback((next: string) => onSearch(next.trim()), SEARCH_DEBOUNCE_MS);
  return (
    <TextInput
      aria-label={label}
      placeholder={placeholder}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        report(event.currentTarget.value);
      }}
      // Leaving the box (e.g. clicking a row at once) applies the typed term now, so the list and
      // the links built from the URL never lag behind what the box shows.
      onBlur={() => report.flush()}
    />
  );
}
