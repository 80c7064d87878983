export { mailMergeRoutes } from './mail-merge-routes';
