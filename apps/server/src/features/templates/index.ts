export { templateRoutes } from './template-routes';
export type { DraftMailbox } from './draft-mailbox';
