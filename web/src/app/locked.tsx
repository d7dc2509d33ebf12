import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLoginPanel } from '../lib/login-panel-context.tsx';
import classes from './guards.module.css';

/** 'Please login to access this page', with the button that opens the login panel again. */
export default function Locked() {
  const { t } = useTranslation();
  const loginPanel = useLoginPanel();
  return (
    <div className={classes.locked}>
      <IconLock size={48} stroke={1.4} color="var(--brand-8)" aria-hidden="true" />
      <h1>{t('pleaseLogin')}</h1>
      <button type="button" className="btn btn-primary" onClick={() => loginPanel.open('login')}>
        {t('loginToContinue')}
      </button>
    </div>
  );
}
