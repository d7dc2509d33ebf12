import {
  IconArrowLeft,
  IconCalendarEvent,
  IconClock,
  IconMapPin,
  IconToolsKitchen2,
  IconUsers,
} from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { contactLink } from '@aylal/shared/contact-rules';
import { formatDate } from '@aylal/shared/dates';
import { tripPageTitle } from '@aylal/shared/page-titles';
import { pickText } from '@aylal/shared/trip-rules';
import { useFormatPrice } from '../../lib/entities/currency.tsx';
import { tripQueryOptions } from '../../features/trips/api/get-trip.ts';
import { useUpcomingConsultation } from '../../features/consultations/api/consultations.ts';
import { formatSlot } from '@aylal/shared/dates';
import { Gallery } from '../../features/trips/components/gallery.tsx';
import { TransportIcon } from '../../features/trips/components/transport-icon.tsx';
import { RecordProblem } from '../../components/record-problem.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { useSignedInAction } from '../../lib/use-signed-in-action.ts';
import { loadNamespaces } from '../../lib/i18n.ts';
import classes from './trip.module.css';
import { useLanguage } from '../../lib/use-language.ts';
import { useNamedTitle } from '../use-document-title.ts';

// The booking dialog and its words load when someone opens it, not with the page.
const BookingDialog = lazy(async () => {
  const [module] = await Promise.all([
    import('../../features/consultations/components/booking-dialog.tsx'),
    loadNamespaces(['consultationBooking']),
  ]);
  return module;
});

/** /trips/:id: everything about one trip: facts, dates, route with transport, day by day, gallery. */
export function Component() {
  const { id = '' } = useParams();
  const { t } = useTranslation(['tripDetails', 'tripsList', 'transport']);
  const language = useLanguage();
  const trip = useQuery(tripQueryOptions(id));
  useNamedTitle(trip.data ? tripPageTitle(pickText(trip.data.title, language), language) : undefined);
  const formatPrice = useFormatPrice();
  // Signed out: 'Please log in to book this trip', the login panel, and the dialog once they are in.
  const booking = useSignedInAction(t('messages.loginToBook'));
  const booked = useUpcomingConsultation(id, booking.signedIn);

  if (trip.isPending) return <PageLoader />;
  if (trip.isError)
    return (
      <RecordProblem
        query={trip}
        notFound={t('messages.notFound')}
        loadFailed={t('messages.loadFailed')}
        retry={t('retry')}
        back={{ to: '/trips', label: t('backToTrips') }}
      />
    );

  const data = trip.data;
  const title = pickText(data.title, language);
  const paragraphs = pickText(data.description, language)
    .split(/\n{2,}/)
    .filter(Boolean);
  const upcoming = data.departureDates.filter((date) => date >= new Date().toISOString().slice(0, 10));
  const date = (iso: string) => formatDate(`${iso}T00:00:00Z`, language, { timeZone: 'UTC' });

  return (
    <article className={`container ${classes.page}`}>
      <Link to="/trips" className={classes.back}>
        <IconArrowLeft size={16} aria-hidden="true" />
        {t('back')}
      </Link>
      <header className={classes.head}>
        <p className={classes.kicker}>
          <IconMapPin size={16} aria-hidden="true" />
          {pickText(data.destination, language)}, {pickText(data.country, language)} ·{' '}
          {t(`tripsList:types.${data.type}`)}
        </p>
        <h1>{title}</h1>
        <p className={classes.lead}>{pickText(data.summary, language)}</p>
        <ul className={classes.tags}>
          {data.tags.map((tag) => (
            <li key={tag}>{t(`tripsList:tags.${tag}`)}</li>
          ))}
        </ul>
      </header>

      <div className={classes.layout}>
        <div className={classes.main}>
          {data.images.length > 0 && (
            <section aria-labelledby="trip-gallery" className={classes.section}>
              <h2 id="trip-gallery">{t('gallery')}</h2>
              <Gallery images={data.images} language={language} />
            </section>
          )}

          <section aria-labelledby="trip-overview" className={classes.section}>
            <h2 id="trip-overview">{t('overview')}</h2>
            {paragraphs.map((paragraph, index) => (
              <p key={index}>{paragraph}</p>
            ))}
          </section>

          {data.stops.length > 0 && (
            <section aria-labelledby="trip-route" className={classes.section}>
              <h2 id="trip-route">{t('route')}</h2>
              <ol className={classes.route}>
                {data.stops.map((stop, index) => (
                  <li key={index}>
                    <span className={classes.routeIcon} title={t(`transport:${stop.transport}`)}>
                      <TransportIcon method={stop.transport} />
                    </span>
                    <span>
                      <strong>{pickText(stop.place, language)}</strong>
                      <span className="dimmed"> · {t(`transport:${stop.transport}`)}</span>
                    </span>
                  </li>
                ))}
              </ol>
            </section>
          )}

          {data.itinerary.length > 0 && (
            <section aria-labelledby="trip-days" className={classes.section}>
              <h2 id="trip-days">{t('itinerary')}</h2>
              <ol className={classes.days}>
                {data.itinerary.map((day) => (
                  <li key={day.day}>
                    <h3>
                      <span className={classes.dayNumber}>{t('day', { day: day.day })}</span>
                      {pickText(day.title, language)}
                    </h3>
                    <ul>
                      {day.activities.map((activity, index) => (
                        <li key={index}>{pickText(activity, language)}</li>
                      ))}
                    </ul>
                  </li>
                ))}
              </ol>
            </section>
          )}
        </div>

        <aside className={classes.facts} aria-label={t('facts')}>
          <p className={classes.price}>
            <span className="dimmed">{t('price')}</span>
            <strong>{formatPrice(data.fare)}</strong>
            <span className="dimmed">{t('perPerson')}</span>
          </p>
          <dl>
            <div>
              <dt>
                <IconClock size={16} aria-hidden="true" />
                {t('duration')}
              </dt>
              <dd>{t('tripsList:days', { count: data.durationDays })}</dd>
            </div>
            <div>
              <dt>
                <IconToolsKitchen2 size={16} aria-hidden="true" />
                {t('meals')}
              </dt>
              <dd>{t(`mealPlans.${data.mealPlan}`)}</dd>
            </div>
            <div>
              <dt>
                <IconUsers size={16} aria-hidden="true" />
                {t('groupSize')}
              </dt>
              <dd>{t('upTo', { count: data.capacity })}</dd>
            </div>
          </dl>
          <h2 className={classes.factsTitle}>
            <IconCalendarEvent size={18} aria-hidden="true" />
            {t('dates')}
          </h2>
          {upcoming.length > 0 ? (
            <ul className={classes.dates}>
              {upcoming.map((iso) => (
                <li key={iso}>{date(iso)}</li>
              ))}
            </ul>
          ) : (
            <p className="dimmed">{t('noDates')}</p>
          )}
          <div className={classes.booking}>
            {booked ? (
              <>
                <h2 className={classes.factsTitle}>{t('booking.bookedTitle')}</h2>
                <p>
                  <strong>{formatSlot(booked.startsAt, booked.endsAt, language)}</strong>
                </p>
                <Link to="/consultations" className="btn btn-light">
                  {t('booking.mine')}
                </Link>
              </>
            ) : (
              <>
                <h2 className={classes.factsTitle}>{t('booking.title')}</h2>
                <p>{t('booking.body')}</p>
                <button type="button" className="btn btn-primary" onClick={booking.start}>
                  {t('booking.action')}
                </button>
              </>
            )}
            <Link to={contactLink('trips', title)} className={classes.ask}>
              {t('askQuestion')}
            </Link>
          </div>
        </aside>
      </div>

      {/* On phones the facts come after the long read: the price and the booking stay in reach. */}
      <div className={classes.bookBar}>
        <p>
          <strong>{formatPrice(data.fare)}</strong> <span className="dimmed">{t('perPerson')}</span>
        </p>
        {booked ? (
          <Link to="/consultations" className="btn btn-light">
            {t('booking.mine')}
          </Link>
        ) : (
          <button type="button" className="btn btn-primary" onClick={booking.start}>
            {t('booking.action')}
          </button>
        )}
      </div>

      {booking.open && (
        <Suspense fallback={null}>
          <BookingDialog
            subject={{ tripId: data.id, title }}
            onClose={booking.close}
            onLoginRequired={booking.askToLogin}
          />
        </Suspense>
      )}
    </article>
  );
}
