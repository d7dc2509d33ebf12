import { IconCalendarEvent, IconClock, IconMapPin, IconTag } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '@aylal/shared/dates';
import { CARD_IMAGE_SIZES, pickText, TRIP_IMAGE_WIDTHS, tripImageSrcSet } from '@aylal/shared/trip-rules';
import type { TripListItem } from '@aylal/shared/schemas/trips';
import classes from './trips.module.css';
import { useLanguage } from '../../../lib/use-language.ts';

/**
 * One trip of the catalogue: picture, title, place, days, next departure, price per person. The
 * first card's picture is wanted at once (it is the largest thing on the first screen).
 */
export function TripCard({ trip, price, first = false }: { trip: TripListItem; price: string; first?: boolean }) {
  const { t } = useTranslation('tripsList');
  const language = useLanguage();
  const title = pickText(trip.title, language);
  return (
    <article className={classes.card}>
      <div className={classes.cover} data-continent={trip.continent} aria-hidden={trip.cover ? undefined : true}>
        {trip.cover ? (
          <img
            src={`${trip.cover.url}-${TRIP_IMAGE_WIDTHS[0]}.webp`}
            srcSet={tripImageSrcSet(trip.cover.url)}
            sizes={CARD_IMAGE_SIZES}
            width={trip.cover.width}
            height={trip.cover.height}
            alt={pickText(trip.cover.alt, language)}
            loading={first ? 'eager' : 'lazy'}
            fetchPriority={first ? 'high' : 'auto'}
            decoding="async"
          />
        ) : (
          <span className={classes.coverPlace}>{pickText(trip.destination, language)}</span>
        )}
        <span className={classes.typeBadge}>{t(`types.${trip.type}`)}</span>
      </div>
      <div className={classes.cardBody}>
        <h2 className={classes.cardTitle}>
          <Link to={`/trips/${trip.id}`} className={classes.cardLink}>
            {title}
          </Link>
        </h2>
        <p className={classes.meta}>
          <IconMapPin size={16} aria-hidden="true" />
          {pickText(trip.destination, language)}, {pickText(trip.country, language)}
        </p>
        <p className={classes.summary}>{pickText(trip.summary, language)}</p>
        <ul className={classes.facts}>
          <li>
            <IconClock size={16} aria-hidden="true" />
            {t('days', { count: trip.durationDays })}
          </li>
          <li>
            <IconCalendarEvent size={16} aria-hidden="true" />
            {trip.nextDeparture
              ? t('nextDeparture', {
                  date: formatDate(`${trip.nextDeparture}T00:00:00Z`, language, { timeZone: 'UTC' }),
                })
              : t('datesOnRequest')}
          </li>
          <li className={classes.tagsLine}>
            <IconTag size={16} aria-hidden="true" />
            {trip.tags
              .slice(0, 3)
              .map((tag) => t(`tags.${tag}`))
              .join(' · ')}
          </li>
        </ul>
        <p className={classes.price}>
          <strong>{price}</strong> <span>{t('perPerson')}</span>
        </p>
      </div>
    </article>
  );
}
