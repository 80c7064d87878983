import { exportUnsubscriptions, TAG_INPUT_ROWS, UNSUBSCRIPTION_SORT_KEYS } from '@mergeboard/core';
import { useSpace } from '../../spaces';
import { useAddUnsubscriptions } from '../api/add-unsubscriptions';
import { useDeleteUnsubscription } from '../api/delete-unsubscription';
import { unsubscriptionsQueryRoot, useUnsubscriptions } from '../api/list-unsubscriptions';
import { SuppressionPage } from './suppression-page';

/**
 * UNSUB-001 UNSUB-002 UNSUB-003 UNSUB-004 UNSUB-005 UNSUB-006 UNSUB-007 UNSUB-008 UNSUB-009 UNSUB-010
 * UNSUB-011 UNSUB-012 UNSUB-013 UNSUB-014 UNSUB-015 UNSUB-016: the unsubscriptions page.
 */
export function UnsubscriptionsPage() {
  const { permissions } = useSpace();
  const add = useAddUnsubscriptions();
  const remove = useDeleteUnsubscription();
  return (
    <SuppressionPage
      texts={{
        title: 'Unsubscriptions',
        inputLabel: 'Email addresses to unsubscribe',
        submit: 'Unsubscribe',
        added: (n) => `${n} email address(es) successfully unsubscribed.`,
        already: 'These email addresses were already unsubscribed.',
        deleted: '1 unsubscribed email address successfully deleted.',
        confirmTitle: 'Delete unsubscribed email address',
        confirmText: (email) => `${email} will be able to receive your mail merges again.`,
        timeHeader: 'Unsubscription time',
        exportName: 'Unsubscriptions',
        sharedListName: 'unsubscriptions',
      }}
      sharingOn={permissions.sharedUnsubscribes}
      sortKeys={UNSUBSCRIPTION_SORT_KEYS}
      defaultSort={{ key: 'email', direction: 'asc' }}
      timeSortKey="unsubscriptionTime"
      useList={useUnsubscriptions}
      add={add}
      remove={remove}
      queryRoot={unsubscriptionsQueryRoot}
      exportPath={exportUnsubscriptions.path}
      tagRows={TAG_INPUT_ROWS.unsubscriptions}
    />
  );
}
