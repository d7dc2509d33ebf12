import { type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Consultation } from '@aylal/shared/schemas/consultations';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../components/notify.ts';
import { useRescheduleConsultation, useSlots } from '../api/consultations.ts';
import { DialogShell, dialogParts } from '../../../components/dialog-shell.tsx';
import { formatSlot } from '@aylal/shared/dates';
import { useFailureMessage } from './policy.tsx';
import { OpenSlots, useSlotChoice } from './slot-picker.tsx';
import { DialogError } from './dialog-error.tsx';
import classes from './consultations.module.css';
import { useLanguage } from '../../../lib/use-language.ts';

/** Move a consultation to another open slot (the server holds the 48-hour limit). */
export function RescheduleDialog(props: { consultation: Consultation; title: string; onClose: () => void }) {
  const { t } = useTranslation('consultationBooking');
  const language = useLanguage();
  const slots = useSlots();
  const reschedule = useRescheduleConsultation();
  const failure = useFailureMessage();
  const { slot, setSlot, error, setError, choose } = useSlotChoice();
  const { consultation } = props;
  const length = Date.parse(consultation.endsAt) - Date.parse(consultation.startsAt);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!slot) return setError(t('messages.selectDateTime'));
    reschedule.mutate(
      { id: consultation.id, startsAt: slot },
      {
        onSuccess: () => {
          notifySuccess(t('mine.rescheduled'));
          props.onClose();
        },
        onError: (reason) => {
          if (reason instanceof ApiRequestError && ['SLOT_TAKEN', 'SLOT_UNAVAILABLE'].includes(reason.code))
            setSlot(null);
          setError(failure(reason));
        },
      },
    );
  }

  return (
    <DialogShell
      title={t('mine.rescheduleTitle')}
      subtitle={`${props.title} · ${t('mine.now', { when: formatSlot(consultation.startsAt, consultation.endsAt, language) })}`}
      onClose={props.onClose}
    >
      <form className={dialogParts.form} onSubmit={submit} noValidate>
        <div className={dialogParts.body}>
          <OpenSlots slots={slots} value={slot} onChange={choose} language={language} />
          <p className={classes.hint}>{t('mine.rescheduleHint')}</p>
        </div>
        <footer className={dialogParts.foot}>
          <p className={classes.summary} aria-live="polite" hidden={Boolean(error) && !slot}>
            {slot
              ? t('mine.moveTo', {
                  when: formatSlot(slot, new Date(Date.parse(slot) + length).toISOString(), language),
                })
              : t('summaryEmpty')}
          </p>
          <DialogError error={error} />
          <button type="button" className="btn btn-light" onClick={props.onClose}>
            {t('mine.keep')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={reschedule.isPending}>
            {t('mine.rescheduleConfirm')}
          </button>
        </footer>
      </form>
    </DialogShell>
  );
}
