export { enqueueMail, headerSafe, type MailSettings } from './outbox';
export { deliverMailJob } from './delivery';
