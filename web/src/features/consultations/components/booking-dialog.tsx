import { useState, type FormEvent } from 'react';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Consultation } from '@aylal/shared/schemas/consultations';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useBookConsultation, useSlots } from '../api/consultations.ts';
import { DialogShell, dialogParts } from '../../../components/dialog-shell.tsx';
import { formatSlot } from '@aylal/shared/dates';
import { formatPrice } from '@aylal/shared/money';
import { PolicyList, useFailureMessage } from './policy.tsx';
import { OpenSlots, useSlotChoice } from './slot-picker.tsx';
import { DialogError } from './dialog-error.tsx';
import classes from './consultations.module.css';
import { useLanguage } from '../../../lib/use-language.ts';
import { PushOptIn } from '../../../lib/push-opt-in.tsx';

/** What a consultation is about: a trip, or one of the traveller's submitted visa applications. */
export type BookingSubject = { title: string } & ({ tripId: string } | { visaApplicationId: string });

/** The refusals of spec section 4: the way on is the visa page. */
const VISA_REFUSALS = ['VISA_REQUEST_REQUIRED', 'VISA_FORM_REQUIRED', 'VISA_NOT_FOUND'];

/** Pick a day and an open time, say what it is about, acknowledge the policy, confirm. */
export default function BookingDialog(props: {
  subject: BookingSubject;
  onClose: () => void;
  onLoginRequired: () => void;
}) {
  const { t } = useTranslation('consultationBooking');
  const language = useLanguage();
  const slots = useSlots();
  const booking = useBookConsultation();
  const failure = useFailureMessage();
  const [note, setNote] = useState('');
  const [acknowledged, setAcknowledged] = useState(false);
  const { slot, setSlot, error, setError, choose } = useSlotChoice();
  const [toVisa, setToVisa] = useState(false);
  const [booked, setBooked] = useState<Consultation | null>(null);

  const slotMinutes = slots.data?.slotMinutes ?? 30;
  const endOf = (start: string) => new Date(Date.parse(start) + slotMinutes * 60_000).toISOString();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!slot) return setError(t('messages.selectDateTime'));
    if (!acknowledged) return setError(t('messages.acknowledgePolicy'));
    setError(null);
    const about =
      'tripId' in props.subject
        ? { tripId: props.subject.tripId }
        : { visaApplicationId: props.subject.visaApplicationId };
    booking.mutate(
      { ...about, startsAt: slot, acknowledgedPolicy: true, note: note.trim() || undefined },
      {
        onSuccess: setBooked,
        onError: (reason) => {
          if (reason instanceof ApiRequestError && reason.code === 'LOGIN_TO_BOOK') return props.onLoginRequired();
          if (reason instanceof ApiRequestError && ['SLOT_TAKEN', 'SLOT_UNAVAILABLE'].includes(reason.code))
            setSlot(null);
          setToVisa(reason instanceof ApiRequestError && VISA_REFUSALS.includes(reason.code));
          setError(failure(reason));
        },
      },
    );
  }

  // The fee this consultation will cost (Settings, by what it is about), and once booked its own.
  const feeUsd = slots.data ? slots.data.fees['tripId' in props.subject ? 'trip' : 'visa'] : 0;
  if (booked) {
    const toPay = booked.fee && !booked.fee.paidAt ? formatPrice(booked.fee.amountUsd, 'USD', language) : null;
    return (
      <DialogShell title={t('title')} subtitle={props.subject.title} onClose={props.onClose}>
        <div className={`${dialogParts.body} ${classes.done}`} role="status">
          <span className={classes.doneIcon}>
            <IconCheck size={30} aria-hidden="true" />
          </span>
          <h3 tabIndex={-1} ref={(heading) => heading?.focus()}>
            {t('done.title')}
          </h3>
          <p>
            <strong>{formatSlot(booked.startsAt, booked.endsAt, language)}</strong>
          </p>
          <p className="dimmed">{toPay ? t('done.payBody', { amount: toPay }) : t('done.body')}</p>
          <PushOptIn variant="offer" />
        </div>
        <footer className={dialogParts.foot}>
          {toPay ? (
            <Link to={`/consultations#consultation-${booked.id}`} className="btn btn-primary">
              {t('done.pay', { amount: toPay })}
            </Link>
          ) : (
            <Link to="/consultations" className="btn btn-light">
              {t('done.mine')}
            </Link>
          )}
          <button type="button" className={toPay ? 'btn btn-light' : 'btn btn-primary'} onClick={props.onClose}>
            {t('done.close')}
          </button>
        </footer>
      </DialogShell>
    );
  }

  return (
    <DialogShell title={t('title')} subtitle={props.subject.title} onClose={props.onClose}>
      <form className={dialogParts.form} onSubmit={submit} noValidate>
        <div className={dialogParts.body}>
          <OpenSlots slots={slots} value={slot} onChange={choose} language={language} />

          <label className={classes.group}>
            <span className={classes.label}>{t('note')}</span>
            <textarea
              className={classes.textarea}
              value={note}
              maxLength={1000}
              onChange={(event) => setNote(event.target.value)}
              placeholder={t('notePlaceholder')}
            />
          </label>

          <section className={classes.policy} aria-labelledby="booking-policy">
            <h3 id="booking-policy">{t('policy.title')}</h3>
            <PolicyList />
            {feeUsd > 0 && (
              <p className={classes.fee}>{t('fee.intro', { amount: formatPrice(feeUsd, 'USD', language) })}</p>
            )}
            <label className={classes.check}>
              <input
                type="checkbox"
                checked={acknowledged}
                onChange={(event) => {
                  setAcknowledged(event.target.checked);
                  setError(null);
                }}
              />
              {t('acknowledge')}
            </label>
          </section>
        </div>
        <footer className={dialogParts.foot}>
          <p className={classes.summary} aria-live="polite" hidden={Boolean(error) && !slot}>
            {slot ? t('summary', { when: formatSlot(slot, endOf(slot), language) }) : t('summaryEmpty')}
          </p>
          <DialogError error={error}>
            {toVisa && (
              <>
                {' '}
                <Link to="/visa">{t('visa.open')}</Link>
              </>
            )}
          </DialogError>
          <button type="button" className="btn btn-light" onClick={props.onClose}>
            {t('cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={booking.isPending}>
            {booking.isPending ? t('booking') : t('confirm')}
          </button>
        </footer>
      </form>
    </DialogShell>
  );
}
