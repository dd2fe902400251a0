import { Component, type ReactNode } from 'react';
import { RouteError } from '../pages/RouteError.tsx';

interface Props {
  /** The location's key: a navigation elsewhere clears the error, as a data router's did. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  error: boolean;
  resetKey: string;
}

/** Shows RouteError in place of a page or layout that failed to render. */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<State> {
    return { error: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: false, resetKey: props.resetKey };
  }

  override render() {
    return this.state.error ? <RouteError /> : this.props.children;
  }
}
