import { ActionIcon, CheckIcon, CopyButton, Tooltip, VisuallyHidden } from '@mantine/core';
import { CopyIcon } from './copy-icon';

/**
 * A small button copying `value`, named "Copy {label}" for screen readers; the copy is confirmed
 * by the tooltip and, since a tooltip is not read out, politely by a status as well.
 */
export function CopyValueButton({ value, label }: { value: string; label: string }) {
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <>
          <Tooltip label={copied ? 'Copied' : 'Copy'}>
            <ActionIcon variant="subtle" onClick={copy} aria-label={`Copy ${label}`}>
              {copied ? <CheckIcon size={12} /> : <CopyIcon />}
            </ActionIcon>
          </Tooltip>
          <VisuallyHidden role="status">{copied ? `${label} copied` : ''}</VisuallyHidden>
        </>
      )}
    </CopyButton>
  );
}
