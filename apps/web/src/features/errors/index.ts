export { AppErrorBoundary } from './components/app-error-boundary';
export { cookieHelpFor, CookiesDisabledScreen } from './components/cookies-disabled-screen';
export { ErrorScreen } from './components/error-screen';
