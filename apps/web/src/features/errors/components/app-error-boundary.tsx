import { Component } from 'react';
import type { ReactNode } from 'react';
import { ErrorScreen } from './error-screen';

interface State {
  failed: boolean;
}

/**
 * The last line of defence around the whole app: a render error outside the router (or in the
 * router itself) shows the generic error screen instead of a blank page. React logs the error.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <ErrorScreen /> : this.props.children;
  }
}
