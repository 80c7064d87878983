export { enqueueMail, headerSafe, type MailSettings } from './outbox';
export { registerMailboxPage, MAILBOX_PATH } from './mailbox-page';
export { deliverMailJob } from './delivery';
