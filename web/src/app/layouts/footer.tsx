import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AGENCY_CONTACT } from '@aylal/shared/agency';
import { Logo } from '../../components/logo.tsx';
import { LanguageSwitch } from '../../features/language/language-switch.tsx';
import classes from './footer.module.css';

export function Footer() {
  const { t } = useTranslation(['footer', 'common', 'publicNav']);
  return (
    <footer className={classes.footer}>
      <div className={`container ${classes.grid}`}>
        <div className={classes.column}>
          <div className={classes.brand}>
            <Logo />
            <span>{t('common:appName')}</span>
          </div>
          <p className={classes.muted}>{t('tagline')}</p>
        </div>
        <div className={classes.column}>
          <h2 className={classes.heading}>{t('services')}</h2>
          <Link to="/trips">{t('publicNav:trips')}</Link>
          <Link to="/jobs">{t('publicNav:jobs')}</Link>
          <Link to="/visa">{t('publicNav:visa')}</Link>
        </div>
        <div className={classes.column}>
          <h2 className={classes.heading}>{t('company')}</h2>
          <Link to="/contact">{t('contactForm')}</Link>
          <p className={classes.muted}>{t('address')}</p>
          <a href={`mailto:${AGENCY_CONTACT.email}`}>{AGENCY_CONTACT.email}</a>
          <a href={`tel:${AGENCY_CONTACT.phone.replace(/\s/g, '')}`}>{AGENCY_CONTACT.phone}</a>
          <p className={classes.muted}>{t('hours')}</p>
        </div>
        <div className={classes.column}>
          <h2 className={classes.heading}>{t('language')}</h2>
          <div>
            <LanguageSwitch inverted />
          </div>
        </div>
      </div>
      <div className={`container ${classes.bottom}`}>
        <p className={classes.muted}>{t('rights', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
