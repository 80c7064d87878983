import { Grid, Skeleton, Stack } from '@mantine/core';
import { lazy, Suspense, useState, type Dispatch, type SetStateAction } from 'react';
import { useSpace } from '../../spaces';
import {
  chosenSheet,
  messageProblems,
  optionsBody,
  pollProblems,
  type MergeOptions as Options,
  type MessageDraft,
  type RecipientsChoice,
} from '../composer-draft';
import { MergeOptions, useTrackingDefaults } from './merge-options';
import { MessageStartPicker } from './message-start-picker';
import { RowPreview } from './row-preview';
import { SenderOptions } from './sender-options';
import { SubjectField } from './subject-field';
import { TestEmailButton } from './test-email-button';

// The rich-text editor (TipTap and its toolbar) is the composer's largest part: it loads only here.
const BodyEditor = lazy(() => import('./body-editor'));

interface MessageStepProps {
  recipients: RecipientsChoice;
  message: MessageDraft;
  /** Updates go through the current draft, so an editor's late update never writes an older one back. */
  onChange: Dispatch<SetStateAction<MessageDraft>>;
  /** Tracking, unsubscribe link and poll: kept with the draft, so nothing is lost between steps. */
  options: Options;
  onOptionsChange: Dispatch<SetStateAction<Options>>;
}

/**
 * Step 2: subject and body with merge fields, sender options, tracking, unsubscribe link and poll,
 * and a live preview of any row.
 */
export function MessageStep({ recipients, message, onChange, options, onOptionsChange }: MessageStepProps) {
  const { space } = useSpace();
  const trackingDefaults = useTrackingDefaults();
  const sheet = chosenSheet(recipients);
  const [rowNumber, setRowNumber] = useState(1);
  // A new start (template, draft, blank) gives the editor new content: it starts again with it.
  const [editorVersion, setEditorVersion] = useState(0);
  const sheetRef = {
    workspaceId: space.workspaceId,
    spreadsheetId: recipients.spreadsheet.id,
    sheetId: recipients.sheetId,
  };

  return (
    <Grid gutter="lg" mt="md">
      <Grid.Col span={7}>
        <Stack gap="md">
          <MessageStartPicker
            onStart={(start) => {
              onChange((current) => ({ ...current, ...start }));
              setEditorVersion((version) => version + 1);
            }}
          />
          <SubjectField
            value={message.subject}
            onChange={(subject) => onChange((current) => ({ ...current, subject }))}
            columns={sheet.header}
          />
          <Suspense fallback={<Skeleton height={300} role="status" aria-label="Loading the editor" />}>
            <BodyEditor
              key={editorVersion}
              initialHtml={message.bodyHtml}
              onChange={(bodyHtml) => onChange((current) => ({ ...current, bodyHtml }))}
              columns={sheet.header}
            />
          </Suspense>
          <SenderOptions message={message} onChange={onChange} />
          <MergeOptions options={options} defaults={trackingDefaults} onChange={onOptionsChange} />
        </Stack>
      </Grid.Col>
      <Grid.Col span={5}>
        <Stack gap="md">
          <RowPreview
            sheet={sheetRef}
            header={sheet.header}
            rowCount={sheet.rowCount}
            emailColumn={recipients.emailColumn}
            subject={message.subject}
            bodyHtml={message.bodyHtml}
            rowNumber={rowNumber}
            onRowNumberChange={setRowNumber}
          />
          <TestEmailButton
            disabled={
              messageProblems(message, sheet.header).length > 0 || pollProblems(options.poll).size > 0
            }
            email={{
              spreadsheetId: recipients.spreadsheet.id,
              sheetId: recipients.sheetId,
              rowNumber,
              subject: message.subject,
              bodyHtml: message.bodyHtml,
              ...(message.senderName.trim() ? { senderName: message.senderName.trim() } : {}),
              ...optionsBody(options, trackingDefaults),
            }}
          />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
