import { useCallback, useState } from 'react';
import type { DraftProvider } from '@mergeboard/core';
import { getCookie } from '../../lib/cookies';
import { readStorage, writeStorage } from '../../lib/browser-storage';

export interface ImportedDraft {
  messageId: string;
  provider: DraftProvider;
}

type DraftsByTemplate = Record<string, ImportedDraft>;

const storageKey = (userId: string) => `mb.templateDrafts.${userId}`;

function readDrafts(userId: string): DraftsByTemplate {
  try {
    const parsed: unknown = JSON.parse(readStorage('local', storageKey(userId)) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as DraftsByTemplate) : {};
  } catch {
    return {};
  }
}

/** TPL-008: the draft created from each template, kept per user so the cards keep showing Open. */
export function useTemplateDrafts(userId: string) {
  const [drafts, setDrafts] = useState<DraftsByTemplate>(() => readDrafts(userId));
  const remember = useCallback(
    (templateId: string, draft: ImportedDraft) => {
      setDrafts((previous) => {
        const next = { ...previous, [templateId]: draft };
        writeStorage('local', storageKey(userId), JSON.stringify(next));
        return next;
      });
    },
    [userId],
  );
  return { drafts, remember };
}

/** TPL-009: a Gmail draft opens in the account the authuser cookie names (0 without it). */
export function gmailDraftUrl(messageId: string): string {
  const index = getCookie('G_AUTHUSER_H') ?? '0';
  return `https://mail.google.com/mail/u/${encodeURIComponent(index)}/#drafts?compose=${encodeURIComponent(messageId)}`;
}
