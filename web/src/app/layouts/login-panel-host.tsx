import { UiProvider } from '../../components/ui-provider.tsx';
import { LoginPanel } from '../../features/auth/components/login-panel.tsx';
import { loadNamespaces } from '../../lib/i18n.ts';

// The panel's words load with its code.
await loadNamespaces(['auth', 'error', 'secondFactor']);

export default function LoginPanelHost() {
  return (
    <UiProvider>
      <LoginPanel />
    </UiProvider>
  );
}
