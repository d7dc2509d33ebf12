import { lazy, Suspense, useEffect, useState } from 'react';
import { IconLogin, IconMenu2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { Logo } from '../../components/logo.tsx';
import { useSession } from '../../lib/session.ts';
import { useLoginPanel } from '../../lib/login-panel-context.tsx';
import { CurrencySwitch } from '../../features/currency/currency-switch.tsx';
import { LanguageSwitch } from '../../features/language/language-switch.tsx';
import { NAV_ITEMS } from './nav-items.ts';
import classes from './public-header.module.css';

// Only signed-in people need the account menu and the bell, and only phones the slide-in menu:
// they load on demand so the landing page stays light.
const AccountMenu = lazy(() => import('./account-menu.tsx'));
const MobileMenu = lazy(() => import('./mobile-menu.tsx'));

/** Spec section 2: transparent over the home page's hero, solid after 20 px of scroll (home only). */
export const SOLID_AFTER_PX = 20;

function useScrolledPast(threshold: number) {
  // Not scrolled on the server; the effect reads the real position at once.
  const [past, setPast] = useState(() => typeof window !== 'undefined' && window.scrollY > threshold);
  useEffect(() => {
    const onScroll = () => setPast(window.scrollY > threshold);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [threshold]);
  return past;
}

export function PublicHeader() {
  const { t } = useTranslation(['publicNav', 'common']);
  const location = useLocation();
  const scrolled = useScrolledPast(SOLID_AFTER_PX);
  const [menuOpened, setMenuOpened] = useState(false);
  const [menuEverOpened, setMenuEverOpened] = useState(false);
  const session = useSession();
  const loginPanel = useLoginPanel();
  const isHome = location.pathname === '/';
  const transparent = isHome && !scrolled;
  const user = session.user;

  useEffect(() => setMenuOpened(false), [location.pathname]);

  const avatarPlaceholder = <span className={classes.avatarPlaceholder} aria-hidden="true" />;
  const account =
    session.status === 'pending' ? (
      avatarPlaceholder
    ) : user ? (
      <Suspense fallback={avatarPlaceholder}>
        <AccountMenu user={user} inverted={transparent} />
      </Suspense>
    ) : (
      <button
        type="button"
        className={`btn ${transparent ? 'btn-white' : 'btn-primary'}`}
        onClick={() => loginPanel.open('login')}
      >
        <IconLogin size={16} aria-hidden="true" />
        {t('login')}
      </button>
    );

  return (
    <header className={classes.header} data-transparent={transparent || undefined} data-home={isHome || undefined}>
      <div className={`container ${classes.inner}`}>
        <Link to="/" className={classes.brand} aria-label={t('homeLink')}>
          <Logo />
          <span className={classes.brandName}>{t('common:appName')}</span>
        </Link>
        <nav aria-label={t('mainNavigation')} className={`${classes.nav} hidden-mobile`}>
          {NAV_ITEMS.map((item) => (
            <NavLink key={item.to} to={item.to} end={item.to === '/'} className={classes.link}>
              {t(item.key)}
            </NavLink>
          ))}
        </nav>
        <div className={classes.actions}>
          <div className={`${classes.switches} hidden-mobile`}>
            <LanguageSwitch inverted={transparent} />
            <CurrencySwitch inverted={transparent} />
          </div>
          <div className={classes.account} data-signed-in={user ? true : undefined}>
            {account}
          </div>
          <button
            type="button"
            className={`icon-btn hidden-desktop ${classes.burger}`}
            aria-label={t('openMenu')}
            aria-expanded={menuOpened}
            onClick={() => {
              setMenuEverOpened(true);
              setMenuOpened(true);
            }}
          >
            <IconMenu2 size={26} aria-hidden="true" />
          </button>
        </div>
      </div>
      {menuEverOpened && (
        <Suspense fallback={null}>
          <MobileMenu opened={menuOpened} onClose={() => setMenuOpened(false)} user={user} />
        </Suspense>
      )}
    </header>
  );
}
