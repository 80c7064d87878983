import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import type { SpreadsheetSource } from '@mergeboard/core';
import { downloadCsv } from '../../../lib/download-csv';

const DOWNLOAD_FAILED = 'The file could not be downloaded. Please try again.';

/**
 * MM-008 MM-011: where a merge's rows came from. A linked Google Sheet opens in Google Sheets; an
 * uploaded file has no page to open, so the dialog names the file and offers its rows as CSV.
 */
export function MergeSpreadsheet({
  source,
  link,
  name,
  csvPath,
}: {
  source: SpreadsheetSource;
  link: string;
  /** The uploaded file's name (an upload's only). */
  name: string;
  /** The call that answers the uploaded file's rows as CSV. */
  csvPath: string;
}) {
  const [downloading, setDownloading] = useState(false);
  const [failed, setFailed] = useState(false);
  if (source === 'GOOGLE_SHEETS') {
    return (
      <Button component="a" href={link} target="_blank" rel="noreferrer" variant="light">
        Open in Google Sheets
      </Button>
    );
  }
  const download = () => {
    setDownloading(true);
    setFailed(false);
    downloadCsv(csvPath, `${name}.csv`)
      .catch(() => setFailed(true))
      .finally(() => setDownloading(false));
  };
  return (
    <Group gap="sm" wrap="wrap">
      <Text size="sm">
        Uploaded file:{' '}
        <Text span fw={600}>
          {name}
        </Text>
      </Text>
      <Button variant="light" onClick={download} loading={downloading}>
        Download as CSV
      </Button>
      {failed && (
        <Text size="sm" c="red.8" role="alert">
          {DOWNLOAD_FAILED}
        </Text>
      )}
    </Group>
  );
}
