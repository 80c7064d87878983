export { AppErrorBoundary } from './components/app-error-boundary';
export { ErrorScreen } from './components/error-screen';
export { RouteErrorScreen } from './components/route-error-screen';
