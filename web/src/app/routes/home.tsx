import {
  IconBriefcase,
  IconEPassport,
  IconHeartHandshake,
  IconMapPin,
  IconPlaneDeparture,
  IconReceipt,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HOME_SHOWCASE_SEARCH } from '@aylal/shared/pages';
import type { JobsResponse } from '@aylal/shared/schemas/jobs';
import type { TripsResponse } from '@aylal/shared/schemas/trips';
import { pickText } from '@aylal/shared/i18n';
import { SHOWCASE_IMAGE_SIZES, TRIP_IMAGE_WIDTHS, tripImageSrcSet } from '@aylal/shared/pictures';
import { useFormatPrice } from '../../lib/entities/currency.tsx';
import { apiRequest } from '../../lib/api-client.ts';
import { ssrQuery } from '../../lib/ssr.ts';
import { useLanguage } from '../../lib/use-language.ts';
import classes from './home.module.css';

const SERVICES = [
  { key: 'trips', to: '/trips', icon: IconPlaneDeparture, tone: 'brand' },
  { key: 'jobs', to: '/jobs', icon: IconBriefcase, tone: 'teal' },
  { key: 'visa', to: '/visa', icon: IconEPassport, tone: 'sand' },
] as const;

const REASONS = [
  { key: 'local', icon: IconMapPin },
  { key: 'clear', icon: IconReceipt },
  { key: 'care', icon: IconHeartHandshake },
] as const;

/**
 * The newest published trips or open jobs, as the server drew them with the page, or asked for
 * when the page was not drawn there (a later visit in the same tab, another language). Without
 * the data cache: the home page stays light (docs/decisions/006).
 */
function useShowcase<T extends TripsResponse | JobsResponse>(list: 'trips' | 'jobs'): T['items'] {
  const [items, setItems] = useState(() => ssrQuery<T>([list, 'list', HOME_SHOWCASE_SEARCH])?.items);
  useEffect(() => {
    if (items) return;
    let live = true;
    apiRequest<T>(`/api/${list}?${HOME_SHOWCASE_SEARCH}`)
      .then((answer) => live && setItems(answer.items))
      // Only a showcase: without it the page is still whole.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [items, list]);
  return items ?? [];
}

/** A few trips with their prices in the chosen currency, and open jobs: what the agency has now. */
function Showcase() {
  const { t } = useTranslation('landing');
  const language = useLanguage();
  const price = useFormatPrice();
  const lists = [
    [
      'trips',
      useShowcase<TripsResponse>('trips').map((trip) => ({
        id: trip.id,
        title: trip.title,
        cover: trip.cover,
        about: `${pickText(trip.destination, language)} · ${t('showcase.days', { count: trip.durationDays })}`,
        price: price(trip.fare),
      })),
    ],
    [
      'jobs',
      useShowcase<JobsResponse>('jobs').map((job) => ({
        id: job.id,
        title: job.title,
        cover: null,
        about: `${job.company} · ${pickText(job.location, language)}`,
        price: null,
      })),
    ],
  ] as const;
  return lists.map(
    ([list, items]) =>
      items.length > 0 && (
        <section key={list} className={`container ${classes.section}`} aria-labelledby={list}>
          <div className={classes.showcaseHead}>
            <h2 id={list}>{t(`showcase.${list}`)}</h2>
            <Link to={`/${list}`}>{t(`showcase.${list}All`)}</Link>
          </div>
          <ul className={classes.showcase}>
            {items.map((item) => (
              <li key={item.id} className={classes.item}>
                {item.cover && (
                  <img
                    src={`${item.cover.url}-${TRIP_IMAGE_WIDTHS[0]}.webp`}
                    srcSet={tripImageSrcSet(item.cover.url)}
                    sizes={SHOWCASE_IMAGE_SIZES}
                    width={item.cover.width}
                    height={item.cover.height}
                    alt=""
                    loading="lazy"
                  />
                )}
                <h3>
                  <Link to={`/${list}/${item.id}`}>{pickText(item.title, language)}</Link>
                </h3>
                <p className="dimmed">{item.about}</p>
                {item.price && (
                  <p>
                    <strong>{item.price}</strong> {t('showcase.perPerson')}
                  </p>
                )}
              </li>
            ))}
          </ul>
        </section>
      ),
  );
}

/** The landing page: what the agency has now, its three services, each with its call to action. */
export function Component() {
  const { t } = useTranslation(['landing', 'landingNew']);
  return (
    <>
      <section className={classes.hero}>
        <div className={`container ${classes.heroInner}`}>
          <p className={classes.eyebrow}>{t('hero.eyebrow')}</p>
          <h1 className={classes.heroTitle}>{t('hero.title')}</h1>
          <p className={classes.heroSubtitle}>{t('hero.subtitle')}</p>
          <div className={classes.heroActions}>
            <Link to="/trips" className="btn btn-sand btn-lg">
              {t('hero.ctaTrips')}
            </Link>
            <Link to="/visa" className="btn btn-white btn-lg">
              {t('hero.ctaConsult')}
            </Link>
          </div>
        </div>
      </section>

      <Showcase />

      <section className={`container ${classes.section}`} aria-labelledby="services-title">
        <div className={classes.sectionHead}>
          <h2 id="services-title">{t('services.title')}</h2>
          <p className="dimmed">{t('services.subtitle')}</p>
        </div>
        <div className={classes.cards}>
          {SERVICES.map((service) => (
            <article key={service.key} className={classes.card}>
              <span className={classes.cardIcon} data-tone={service.tone} aria-hidden="true">
                <service.icon size={28} stroke={1.6} />
              </span>
              <h3>{t(`services.${service.key}.title`)}</h3>
              <p className="dimmed">{t(`services.${service.key}.body`)}</p>
              <Link to={service.to} className="btn btn-light">
                {t(`services.${service.key}.cta`)}
              </Link>
            </article>
          ))}
        </div>
      </section>

      <section className={classes.why} aria-labelledby="why-title">
        <div className={`container ${classes.section}`}>
          <h2 id="why-title" className={classes.centered}>
            {t('landingNew:why.title')}
          </h2>
          <div className={classes.reasons}>
            {REASONS.map((reason) => (
              <div key={reason.key} className={classes.reason}>
                <span className={classes.reasonIcon} aria-hidden="true">
                  <reason.icon size={22} stroke={1.7} />
                </span>
                <div>
                  <h3>{t(`landingNew:why.${reason.key}.title`)}</h3>
                  <p className="dimmed">{t(`landingNew:why.${reason.key}.body`)}</p>
                </div>
              </div>
            ))}
          </div>
        </div>
      </section>

      <section className={`container ${classes.section}`}>
        <div className={classes.cta}>
          <h2>{t('landingNew:cta.title')}</h2>
          <p>{t('landingNew:cta.body')}</p>
          <Link to="/trips" className="btn btn-white">
            {t('landingNew:cta.button')}
          </Link>
        </div>
      </section>
    </>
  );
}
