import { lazy, Suspense } from 'react';
import { IconFileAlert } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { canConsultAbout } from '@aylal/shared/visa-rules';
import type { ErrorCode } from '@aylal/shared/errors';
import { useLoginPanel } from '../../../lib/login-panel-context.tsx';
import { useMyVisaApplications } from '../api/consultations.ts';
import classes from './consultations.module.css';
import { LoadFailed } from '../../../components/public-page.tsx';

// The dialog and its slot picker load when a booking opens, as on a trip's page.
const BookingDialog = lazy(() => import('./booking-dialog.tsx'));

/**
 * Spec section 4 before any time is picked: which application the consultation is about (`id`, or
 * the newest submitted one when none is named), or why there is none yet with the way to the visa
 * page. The server refuses the same cases when booking.
 */
function subjectOf(
  items: { id: string; state: Parameters<typeof canConsultAbout>[0]; reference: string | null }[],
  id: string,
): { refusal: ErrorCode } | { id: string; reference: string } {
  if (items.length === 0) return { refusal: 'VISA_REQUEST_REQUIRED' };
  const consultable = items.filter((item) => canConsultAbout(item.state) && item.reference);
  if (consultable.length === 0) return { refusal: 'VISA_FORM_REQUIRED' };
  if (!id) return { id: consultable[0]!.id, reference: consultable[0]!.reference! };
  const named = items.find((item) => item.id === id);
  if (!named) return { refusal: 'VISA_NOT_FOUND' };
  if (!canConsultAbout(named.state) || !named.reference) return { refusal: 'VISA_FORM_REQUIRED' };
  return { id: named.id, reference: named.reference };
}

/** Booking a consultation about a visa application (/consultations?visa=<id>): the trip's dialog with the application as its subject. */
export function VisaBooking(props: { id: string; onClose: () => void }) {
  const { t } = useTranslation(['consultationBooking', 'error']);
  const applications = useMyVisaApplications();
  const loginPanel = useLoginPanel();

  if (applications.isPending)
    return (
      <div className={classes.state} aria-live="polite">
        <span className="spinner" aria-hidden="true" />
        <p className="dimmed">{t('visa.loading')}</p>
      </div>
    );
  if (applications.isError)
    return <LoadFailed className={classes.state} message={t('visa.failed')} onRetry={applications.refetch} />;

  const subject = subjectOf(applications.data.items, props.id);
  if ('refusal' in subject)
    return (
      <div className={classes.card} role="alert" style={{ marginBottom: 32 }}>
        <div className={classes.cardHead}>
          <h2 style={{ margin: 0, display: 'flex', gap: 8, alignItems: 'center' }}>
            <IconFileAlert size={22} aria-hidden="true" color="var(--brand-7)" />
            {t('visa.title')}
          </h2>
        </div>
        <p style={{ margin: 0 }}>{t(`error:${subject.refusal}`)}</p>
        <div className={classes.actions}>
          <Link to="/visa" className="btn btn-primary">
            {t('visa.open')}
          </Link>
          <button type="button" className="btn btn-light" onClick={props.onClose}>
            {t('close')}
          </button>
        </div>
      </div>
    );

  return (
    <Suspense fallback={null}>
      <BookingDialog
        subject={{ visaApplicationId: subject.id, title: t('visaSubject', { reference: subject.reference }) }}
        onClose={props.onClose}
        onLoginRequired={() => loginPanel.open('login')}
      />
    </Suspense>
  );
}
