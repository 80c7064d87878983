export { enqueueMail, headerSafe, type MailSettings } from './outbox';
export { registerMailboxPage } from './mailbox-page';
export { deliverMailJob } from './delivery';
