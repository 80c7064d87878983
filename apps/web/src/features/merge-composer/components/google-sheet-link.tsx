import { Button, Group, TextInput } from '@mantine/core';
import { useState } from 'react';

/** 'Use a Google Sheet': the sheet's link, read through the Sheets API (Google configured only). */
export function GoogleSheetLink({ onLink, linking }: { onLink: (url: string) => void; linking: boolean }) {
  const [url, setUrl] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (url.trim()) onLink(url.trim());
      }}
    >
      <Group align="flex-end">
        <TextInput
          label="Use a Google Sheet"
          placeholder="https://docs.google.com/spreadsheets/d/…"
          value={url}
          onChange={(event) => setUrl(event.currentTarget.value)}
          style={{ flex: 1 }}
        />
        <Button type="submit" variant="light" loading={linking} disabled={url.trim() === ''}>
          Use this sheet
        </Button>
      </Group>
    </form>
  );
}
