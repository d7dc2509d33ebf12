import { IconCalendarPlus, IconMapPin, IconVideo } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { googleCalendarLink } from '@aylal/shared/consultation-rules';
import type { Consultation } from '@aylal/shared/schemas/consultations';
import classes from './consultations.module.css';

/**
 * Where a pending or confirmed consultation happens (the office, another place or the video link
 * staff set) and "Add to calendar": the calendar file its emails carry, or Google Calendar.
 */
export function ConsultationPlace({ item, title }: { item: Consultation; title: string }) {
  const { t } = useTranslation(['consultationBooking', 'footer']);
  const location = item.location;
  if (!location) return null;
  const where =
    location.kind === 'video'
      ? location.url
      : location.kind === 'place'
        ? location.address
        : // Until Settings holds the office's address, the one the website gives (the footer's).
          t('location.officeAt', { address: location.address || t('footer:address') });
  const page = `${window.location.origin}/consultations`;
  const google = googleCalendarLink({
    title: t('location.calendarTitle', { subject: title }),
    startsAt: item.startsAt,
    endsAt: item.endsAt,
    details: [...(location.kind === 'video' ? [location.url] : []), page].join('\n'),
    location: where,
  });
  return (
    <>
      <p className={classes.where}>
        {location.kind === 'video' ? (
          <>
            <IconVideo size={18} aria-hidden="true" />
            <span>
              {t('location.video')}:{' '}
              <a href={location.url} target="_blank" rel="noopener noreferrer">
                {t('location.join')}
              </a>
            </span>
          </>
        ) : (
          <>
            <IconMapPin size={18} aria-hidden="true" />
            <span>{where}</span>
          </>
        )}
      </p>
      <div className={classes.calendar} role="group" aria-label={t('location.addToCalendar')}>
        <IconCalendarPlus size={16} aria-hidden="true" />
        <span>{t('location.addToCalendar')}:</span>
        <a href={`/api/consultations/${encodeURIComponent(item.id)}/calendar.ics`} download="aylal-consultation.ics">
          {t('location.downloadIcs')}
        </a>
        <a href={google} target="_blank" rel="noopener noreferrer">
          {t('location.googleCalendar')}
        </a>
      </div>
    </>
  );
}
