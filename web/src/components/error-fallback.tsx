import { useTranslation } from 'react-i18next';
import { AGENCY_CONTACT } from '@aylal/shared/agency';
import classes from './error-fallback.module.css';

/**
 * The spec's error screen: 'Oops! Something went wrong', advice, Try Again and Reload Page; for a
 * failure on our side, the request's id to quote to the agency.
 */
export function ErrorFallback({ onRetry, reference }: { onRetry: () => void; reference?: string }) {
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
      {reference && <p className="dimmed">{t('errorFallback.reference', { id: reference })}</p>}
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
