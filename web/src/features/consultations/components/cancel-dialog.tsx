import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Consultation } from '@aylal/shared/schemas/consultations';
import { notifySuccess } from '../../../components/notify.ts';
import { useCancelConsultation } from '../api/consultations.ts';
import { DialogShell, dialogParts } from '../../../components/dialog-shell.tsx';
import { formatSlot } from '@aylal/shared/dates';
import { useFailureMessage } from './policy.tsx';
import { DialogError } from './dialog-error.tsx';
import classes from './consultations.module.css';
import { useLanguage } from '../../../lib/use-language.ts';

export function CancelDialog(props: { consultation: Consultation; title: string; onClose: () => void }) {
  const { t } = useTranslation('consultationBooking');
  const language = useLanguage();
  const cancel = useCancelConsultation();
  const failure = useFailureMessage();
  const [error, setError] = useState<string | null>(null);
  const { consultation } = props;

  return (
    <DialogShell title={t('mine.cancelTitle')} subtitle={props.title} onClose={props.onClose} compact>
      <div className={dialogParts.body}>
        <p className={classes.when}>{formatSlot(consultation.startsAt, consultation.endsAt, language)}</p>
        <p>{t('mine.cancelBody')}</p>
      </div>
      <footer className={dialogParts.foot}>
        <DialogError error={error} />
        <button type="button" className="btn btn-light" onClick={props.onClose}>
          {t('mine.keep')}
        </button>
        <button
          type="button"
          className={`btn ${classes.danger}`}
          disabled={cancel.isPending}
          onClick={() =>
            cancel.mutate(consultation.id, {
              onSuccess: () => {
                notifySuccess(t('mine.cancelled'));
                props.onClose();
              },
              onError: (reason) => setError(failure(reason)),
            })
          }
        >
          {t('mine.cancelConfirm')}
        </button>
      </footer>
    </DialogShell>
  );
}
