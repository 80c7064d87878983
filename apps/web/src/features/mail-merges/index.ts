export { MailMergesPage } from './components/mail-merges-page';
export { SentTab } from './components/sent-tab';
export { ScheduledTab } from './components/scheduled-tab';
export { CampaignDialog } from './components/campaign-dialog';
export { ScheduledDialog } from './components/scheduled-dialog';
