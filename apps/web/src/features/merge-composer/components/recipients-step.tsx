import { Alert, Divider, Skeleton, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { SPREADSHEET_LIMITS } from '@mergeboard/core';
import { env } from '../../../config/env';
import type { ApiError } from '../../../lib/api-client';
import { useSpace } from '../../spaces';
import type { SheetRecipients } from '../api/get-sheet-recipients';
import { useLinkGoogleSheet } from '../api/link-google-sheet';
import { useUploadSpreadsheet, type Spreadsheet } from '../api/upload-spreadsheet';
import {
  chosenSheet,
  firstSheetChoice,
  formatRecipientCount,
  type RecipientsChoice,
} from '../composer-draft';
import { CopyCounts } from './copy-counts';
import { GoogleSheetLink } from './google-sheet-link';
import { RecipientCounts } from './recipient-counts';
import { RecipientsPreviewTable } from './recipients-preview-table';
import { SHEETS_DENIED_TEXT, SheetsPermissionAlert, useSheetsPermission } from './sheets-permission';
import { SheetAndColumnPickers } from './sheet-and-column-pickers';
import { SkippedCopies } from './skipped-copies';
import { SkippedRows } from './skipped-rows';
import { SpreadsheetDropZone } from './spreadsheet-drop-zone';

const tooLargeText = (name: string) =>
  `${name} is larger than ${SPREADSHEET_LIMITS.maxBytes / (1024 * 1024)} MB. Split it into smaller files.`;

interface RecipientsStepProps {
  choice: RecipientsChoice | null;
  onChoose: (choice: RecipientsChoice) => void;
  recipients: UseQueryResult<SheetRecipients, ApiError>;
}

/** Step 1: the spreadsheet (a file, or a Google Sheet), its sheet and email column, and who is skipped. */
export function RecipientsStep({ choice, onChoose, recipients }: RecipientsStepProps) {
  const { space } = useSpace();
  const upload = useUploadSpreadsheet(space.workspaceId);
  const link = useLinkGoogleSheet(space.workspaceId);
  // A refused file leaves the spreadsheet chosen before it in place: only this message changes.
  const [refusal, setRefusal] = useState<string | null>(null);
  // A Google Sheet refused for want of the Sheets permission, offered to grant it.
  const [needsSheets, setNeedsSheets] = useState<string | null>(null);
  const handlers = {
    onSuccess: (spreadsheet: Spreadsheet) => {
      setRefusal(null);
      setNeedsSheets(null);
      onChoose(firstSheetChoice(spreadsheet));
    },
    onError: (error: ApiError) => setRefusal(error.message),
  };
  const sheetsPermission = useSheetsPermission({
    onGranted: (url) => link.mutate(url, handlers),
    onDenied: () => setRefusal(SHEETS_DENIED_TEXT),
  });
  const onLink = (url: string) =>
    link.mutate(url, {
      ...handlers,
      onError: (error) => {
        if (error.code !== 'sheets_permission_required') return handlers.onError(error);
        setRefusal(null);
        setNeedsSheets(url);
      },
    });
  const onFile = (file: File) => {
    if (file.size > SPREADSHEET_LIMITS.maxBytes) return setRefusal(tooLargeText(file.name));
    setRefusal(null);
    upload.mutate(file, handlers);
  };

  return (
    <Stack gap="md" mt="md">
      <SpreadsheetDropZone onFile={onFile} uploading={upload.isPending} replacing={choice !== null} />
      {env.authProvider === 'google' && <GoogleSheetLink onLink={onLink} linking={link.isPending} />}
      {needsSheets && <SheetsPermissionAlert onAllow={() => sheetsPermission.request(needsSheets)} />}
      {refusal && (
        <Alert color="red" title="This spreadsheet cannot be used" role="alert">
          {refusal}
        </Alert>
      )}
      {choice && (
        <>
          <Divider />
          <Text>
            Spreadsheet: <strong>{choice.spreadsheet.name}</strong> · sheet{' '}
            <strong>{chosenSheet(choice).name}</strong> · {formatRecipientCount(chosenSheet(choice).rowCount)}{' '}
            rows
          </Text>
          <SheetAndColumnPickers choice={choice} onChoose={onChoose} />
          <SheetRecipientsView choice={choice} recipients={recipients} />
        </>
      )}
    </Stack>
  );
}

function SheetRecipientsView({
  choice,
  recipients,
}: {
  choice: RecipientsChoice;
  recipients: UseQueryResult<SheetRecipients, ApiError>;
}) {
  if (!choice.emailColumn)
    return (
      <Alert color="yellow" role="status">
        No column of this sheet looks like email addresses: choose the email column.
      </Alert>
    );
  if (recipients.isPending)
    return <Skeleton height={200} role="status" aria-label="Loading the recipients" />;
  if (recipients.isError)
    return (
      <Alert color="red" role="alert">
        {recipients.error.message}
      </Alert>
    );
  return (
    <Stack gap="md" aria-busy={recipients.isFetching}>
      <RecipientCounts counts={recipients.data.counts} />
      {(choice.ccColumn || choice.bccColumn) && <CopyCounts counts={recipients.data.counts} />}
      {recipients.data.counts.valid === 0 && (
        <Alert color="yellow" role="status">
          No row of this column holds an address that can be sent to.
        </Alert>
      )}
      <RecipientsPreviewTable recipients={recipients.data} />
      <SkippedRows recipients={recipients.data} />
      <SkippedCopies recipients={recipients.data} />
    </Stack>
  );
}
