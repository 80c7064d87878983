import { useCallback, useState } from 'react';
import type { DraftProvider } from '@mergeboard/core';
import { getCookie } from '../../lib/cookies';
import { readStorage, removeStorage, writeStorage } from '../../lib/browser-storage';

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

const PENDING_IMPORT_KEY = 'mb.templates.pendingImport';

/**
 * TPL-004: the import that was refused for want of the compose permission, kept in this tab while
 * the browser is away granting it, so it can be run again on return.
 */
export function savePendingImport(userId: string, templateId: string): void {
  writeStorage('session', PENDING_IMPORT_KEY, JSON.stringify({ userId, templateId }));
}

/** Reads and forgets the pending import; null when there is none for this user. */
export function takePendingImport(userId: string): string | null {
  const raw = readStorage('session', PENDING_IMPORT_KEY);
  removeStorage('session', PENDING_IMPORT_KEY);
  try {
    const value = raw ? (JSON.parse(raw) as { userId?: unknown; templateId?: unknown }) : null;
    return value?.userId === userId && typeof value.templateId === 'string' ? value.templateId : null;
  } catch {
    return null;
  }
}
