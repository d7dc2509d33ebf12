import { useTranslation } from 'react-i18next';
import { AGENCY_CONTACT } from '@aylal/shared/agency';
import classes from './error-fallback.module.css';

/** The spec's error screen: 'Oops! Something went wrong', advice, Try Again and Reload Page. */
export function ErrorFallback({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={classes.wrap} role="alert">
      <svg
        width="56"
        height="56"
        viewBox="0 0 24 24"
        fill="none"
        stroke="var(--brand-8)"
        strokeWidth="1.4"
        aria-hidden="true"
      >
        <circle cx="12" cy="12" r="9" />
        <path d="M9 10h.01M15 10h.01M9.5 15.5a3.5 3.5 0 0 1 5 0" strokeLinecap="round" />
      </svg>
      <h1 className={classes.title}>{t('errorFallback.title')}</h1>
      <p className="dimmed">
        {t('errorFallback.advice', { email: AGENCY_CONTACT.email, phone: AGENCY_CONTACT.phone })}
      </p>
      <div className={classes.actions}>
        <button type="button" className="btn btn-primary" onClick={onRetry}>
          {t('errorFallback.tryAgain')}
        </button>
        <button type="button" className="btn btn-light" onClick={() => window.location.reload()}>
          {t('errorFallback.reload')}
        </button>
      </div>
    </div>
  );
}
