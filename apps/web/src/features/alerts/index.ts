export { AlertProvider, useAlerts } from './components/alert-context';
export { AlertsArea, legacyAlertKey } from './components/alerts-area';
export {
  createdAlert,
  errorAlert,
  joinedAlert,
  LEGACY_ALERT_TEXT,
  removedAlert,
  transferredAlert,
} from './alert-texts';
