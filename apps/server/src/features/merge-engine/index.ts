export { mergeEngineRoutes } from './merge-routes';
export { mergeSendJob, mergeReaperJob, mergeQuotaResetJob } from './merge-jobs';
export { cancelMergeOf } from './merge-lifecycle';
export { runMergeWorker } from './merge-worker';
