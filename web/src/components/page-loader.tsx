import { useTranslation } from 'react-i18next';
import classes from './page-loader.module.css';

/** 'Loading...' while a lazy screen loads, or 'Checking authentication...' while the session is checked. */
export function PageLoader({ kind = 'loading' }: { kind?: 'loading' | 'auth' }) {
  const { t, ready } = useTranslation();
  return (
    <div className={classes.loader} role="status" aria-live="polite">
      <div className="spinner" aria-hidden="true" />
      <p className="dimmed">{ready ? t(kind === 'auth' ? 'checkingAuth' : 'loading') : ''}</p>
    </div>
  );
}
