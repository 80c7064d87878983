import { Alert, Select, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ApiError } from '../../../lib/api-client';
import { useSpace } from '../../spaces';
import { useTemplateDrafts } from '../../templates';
import { importedDraftQuery, useTemplateGallery } from '../api/list-templates';

interface MessageStart {
  subject: string;
  bodyHtml: string;
}

const BLANK = 'blank';

/**
 * 'Start from': a blank message, a template of the gallery, or a draft imported from it (those
 * Mergeboard keeps; a Gmail draft stays in Gmail). Choosing one replaces the subject and body.
 */
export function MessageStartPicker({ onStart }: { onStart: (start: MessageStart) => void }) {
  const { user } = useSpace();
  const queryClient = useQueryClient();
  const gallery = useTemplateGallery();
  const { drafts } = useTemplateDrafts(user.userId);
  const [value, setValue] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const templates = gallery.data?.items ?? [];
  const importedDrafts = Object.entries(drafts)
    .filter(([, draft]) => draft.provider === 'MERGEBOARD')
    .map(([templateId, draft]) => ({
      value: `draft:${draft.messageId}`,
      label: `Draft: ${templates.find((template) => template.id === templateId)?.subject ?? 'imported template'}`,
    }));

  const choose = (next: string | null) => {
    if (!next) return;
    setValue(next);
    setFailure(null);
    if (next === BLANK) return onStart({ subject: '', bodyHtml: '' });
    const template = templates.find((entry) => `template:${entry.id}` === next);
    if (template) return onStart({ subject: template.subject, bodyHtml: template.preview });
    queryClient.fetchQuery(importedDraftQuery(user.userId, next.slice('draft:'.length))).then(
      (draft) => onStart({ subject: draft.subject, bodyHtml: draft.body }),
      (error: ApiError) => setFailure(error.message),
    );
  };

  return (
    <Stack gap="xs">
      <Select
        label="Start from"
        placeholder={
          gallery.isPending ? 'Loading the templates…' : 'A template, an imported draft or a blank message'
        }
        data={[
          { group: 'New', items: [{ value: BLANK, label: 'Blank message' }] },
          {
            group: 'Templates',
            items: templates.map((template) => ({
              value: `template:${template.id}`,
              label: template.subject,
            })),
          },
          ...(importedDrafts.length > 0 ? [{ group: 'Imported drafts', items: importedDrafts }] : []),
        ]}
        value={value}
        onChange={choose}
        searchable
        w={420}
      />
      {gallery.isError && (
        <Alert color="red" role="alert">
          The templates could not be loaded: {gallery.error.message}
        </Alert>
      )}
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
    </Stack>
  );
}
