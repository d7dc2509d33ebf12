import { useState } from 'react';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Consultation } from '@aylal/shared/schemas/consultations';
import { isActive } from '@aylal/shared/consultation-rules';
import { type Language } from '@aylal/shared/i18n';
import { pickText } from '@aylal/shared/trip-rules';
import { useMyConsultations } from '../api/consultations.ts';
import { CancelDialog } from './cancel-dialog.tsx';
import { formatSlot } from '@aylal/shared/dates';
import { RescheduleDialog } from './reschedule-dialog.tsx';
import { ConsultationFee } from './consultation-fee.tsx';
import { ConsultationPlace } from './consultation-place.tsx';
import classes from './consultations.module.css';
import { useLanguage } from '../../../lib/use-language.ts';
import { LoadFailed } from '../../../components/public-page.tsx';

type Open = { kind: 'cancel' | 'reschedule'; consultation: Consultation } | null;

/** The traveller's consultations: upcoming ones to move or cancel (as the policy allows), then the past. */
export function MyConsultations() {
  const { t } = useTranslation('consultationBooking');
  const language = useLanguage();
  const mine = useMyConsultations();
  const [open, setOpen] = useState<Open>(null);
  const titleOf = (item: Consultation) => (item.trip ? pickText(item.trip.title, language) : t('mine.general'));

  if (mine.isPending)
    return (
      <div className={classes.state}>
        <span className="spinner" aria-hidden="true" />
      </div>
    );
  if (mine.isError)
    return <LoadFailed className={classes.state} message={t('mine.loadFailed')} onRetry={mine.refetch} />;

  const now = Date.now();
  const upcoming = mine.data.items.filter((item) => isActive(item.state) && Date.parse(item.endsAt) >= now);
  const past = mine.data.items.filter((item) => !upcoming.includes(item));

  if (mine.data.items.length === 0)
    return (
      <div className={classes.state}>
        <IconCalendarEvent size={40} aria-hidden="true" color="var(--brand-7)" />
        <p>{t('mine.empty')}</p>
        <Link to="/trips" className="btn btn-primary">
          {t('mine.findTrip')}
        </Link>
      </div>
    );

  return (
    <>
      <section aria-labelledby="upcoming" style={{ marginBottom: 32 }}>
        <h2 id="upcoming">{t('mine.upcoming')}</h2>
        {upcoming.length === 0 ? (
          <p className="dimmed">{t('mine.noneUpcoming')}</p>
        ) : (
          <ul className={classes.list}>
            {upcoming.map((item) => (
              <Card key={item.id} item={item} title={titleOf(item)} language={language} onOpen={setOpen} />
            ))}
          </ul>
        )}
      </section>
      {past.length > 0 && (
        <section aria-labelledby="past">
          <h2 id="past">{t('mine.past')}</h2>
          <ul className={classes.list}>
            {past.map((item) => (
              <Card key={item.id} item={item} title={titleOf(item)} language={language} onOpen={setOpen} />
            ))}
          </ul>
        </section>
      )}
      {open?.kind === 'cancel' && (
        <CancelDialog
          consultation={open.consultation}
          title={titleOf(open.consultation)}
          onClose={() => setOpen(null)}
        />
      )}
      {open?.kind === 'reschedule' && (
        <RescheduleDialog
          consultation={open.consultation}
          title={titleOf(open.consultation)}
          onClose={() => setOpen(null)}
        />
      )}
    </>
  );
}

function Card(props: { item: Consultation; title: string; language: Language; onOpen: (open: Open) => void }) {
  const { t } = useTranslation('consultationBooking');
  const { item } = props;
  const active = isActive(item.state);
  return (
    <li className={classes.card} aria-label={props.title} id={`consultation-${item.id}`}>
      <div className={classes.cardHead}>
        <h3>
          {item.trip?.id ? (
            <Link to={`/trips/${item.trip.id}`}>{props.title}</Link>
          ) : item.visaApplicationId ? (
            <Link to="/visa">{props.title}</Link>
          ) : (
            props.title
          )}
        </h3>
        <span className={classes.badge} data-state={item.state}>
          {t(`states.${item.state}`)}
        </span>
      </div>
      <p className={classes.when}>
        <IconCalendarEvent size={18} aria-hidden="true" />
        {formatSlot(item.startsAt, item.endsAt, props.language)}
      </p>
      <ConsultationPlace item={item} title={props.title} />
      <ConsultationFee item={item} />
      {item.note && <p className={classes.note}>{item.note}</p>}
      {active && (item.canReschedule || item.canCancel) && (
        <div className={classes.actions}>
          {item.canReschedule && (
            <button
              type="button"
              className="btn btn-light"
              onClick={() => props.onOpen({ kind: 'reschedule', consultation: item })}
            >
              {t('mine.reschedule')}
            </button>
          )}
          {item.canCancel && (
            <button
              type="button"
              className={`btn ${classes.danger}`}
              onClick={() => props.onOpen({ kind: 'cancel', consultation: item })}
            >
              {t('mine.cancel')}
            </button>
          )}
        </div>
      )}
      {active && !item.canReschedule && Date.parse(item.startsAt) > Date.now() && (
        <p className={classes.hint}>{item.canCancel ? t('mine.tooLateToMove') : t('mine.tooLateToChange')}</p>
      )}
    </li>
  );
}
