import {
  IconBriefcase,
  IconEPassport,
  IconHeartHandshake,
  IconMapPin,
  IconPlaneDeparture,
  IconReceipt,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
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

/** The landing page: the agency's three services, each with its call to action. */
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
