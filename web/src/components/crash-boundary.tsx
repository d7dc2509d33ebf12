import { Component, type ReactNode } from 'react';
import i18n from 'i18next';

interface State {
  crashed: boolean;
}

/** Last line of defence around the whole app: the spec's render-crash message. */
export class CrashBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { crashed: false };

  static getDerivedStateFromError(): State {
    return { crashed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    if (!this.state.crashed) return this.props.children;
    const message = i18n.isInitialized
      ? i18n.t('common:errorFallback.crash')
      : 'Something went wrong. Please refresh the page or try again.';
    return (
      <div role="alert" style={{ padding: 32, fontFamily: 'system-ui, sans-serif', textAlign: 'center' }}>
        <p>{message}</p>
        <button type="button" onClick={() => window.location.reload()}>
          {i18n.isInitialized ? i18n.t('common:errorFallback.reload') : 'Reload Page'}
        </button>
      </div>
    );
  }
}
