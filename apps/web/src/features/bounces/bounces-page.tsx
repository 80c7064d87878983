import { BOUNCE_SORT_KEYS, exportBounces, TAG_INPUT_ROWS } from '@mergeboard/core';
import { useSpace } from '../spaces';
import { SuppressionPage } from '../suppressions';
import { useAddBounces } from './api/add-bounces';
import { useDeleteBounce } from './api/delete-bounce';
import { bouncesQueryRoot, useBounces } from './api/list-bounces';

/**
 * BOUNCE-001 BOUNCE-002 BOUNCE-003 BOUNCE-004 BOUNCE-005 BOUNCE-006 BOUNCE-007 BOUNCE-008 BOUNCE-009
 * BOUNCE-010 BOUNCE-011 BOUNCE-012 BOUNCE-013 BOUNCE-014: the bounces page (columns email, bounceTime, type;
 * export hidden on mobile).
 */
export function BouncesPage() {
  const { permissions } = useSpace();
  const add = useAddBounces();
  const remove = useDeleteBounce();
  return (
    <SuppressionPage
      texts={{
        title: 'Bounces',
        inputLabel: 'Email addresses to add to the bounce list',
        submit: 'Add to bounce list',
        added: (n) => `${n} email address(es) successfully added to bounce list.`,
        already: 'These email addresses were already on the bounce list.',
        deleted: '1 bounced email address successfully deleted.',
        confirmTitle: 'Delete bounced email address',
        confirmText: (email) => `${email} will be removed from the bounce list.`,
        timeHeader: 'Bounce time',
        exportName: 'Bounces',
        sharedListName: 'bounces',
      }}
      sharingOn={permissions.sharedBounces}
      sortKeys={BOUNCE_SORT_KEYS}
      defaultSort={{ key: 'bounceTime', direction: 'desc' }}
      timeSortKey="bounceTime"
      useList={useBounces}
      add={add}
      remove={remove}
      queryRoot={bouncesQueryRoot}
      exportPath={exportBounces.path}
      tagRows={TAG_INPUT_ROWS.bounces}
    />
  );
}
