import { useEffect, useRef, useState } from 'react';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { NotificationItem } from '@aylal/shared/notifications';
import { useLive } from '../../../lib/live.ts';
import { sameOriginPath } from '../../../lib/same-origin-path.ts';
import { useMarkAllRead, useMarkRead, useNotifications, useUnreadCount } from '../api/notifications.ts';
import { useNotificationView } from '../use-notification-view.ts';
import { NotificationRow } from './notification-row.tsx';
import classes from './notifications.module.css';

/** The bell's dropdown shows the latest few; the rest are on /notifications. */
export const BELL_PAGE = { page: 1, pageSize: 10, unread: false } as const;

/**
 * The public header's bell (spec section 2), plain React and CSS: a red dot while anything is unread, and a dropdown of
 * bounded height (it scrolls) with the latest notifications, "Mark all as read" and a link to
 * /notifications. The dot and the list follow the live stream (lib/live.ts), open while it is shown.
 */
export function NotificationBell({ userId, inverted = false }: { userId: string; inverted?: boolean }) {
  const { t } = useTranslation('notifications');
  useLive(userId);
  const [opened, setOpened] = useState(false);
  const unread = useUnreadCount().data ?? 0;
  const latest = useNotifications(BELL_PAGE, opened);
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const view = useNotificationView();
  const navigate = useNavigate();
  const wrap = useRef<HTMLDivElement>(null);

  // A click elsewhere or Escape closes the dropdown (Escape gives the focus back to the bell).
  useEffect(() => {
    if (!opened) return;
    const onPointer = (event: PointerEvent) => {
      if (!wrap.current?.contains(event.target as Node)) setOpened(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpened(false);
      wrap.current?.querySelector('button')?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [opened]);

  function open(item: NotificationItem) {
    if (!item.read) markRead.mutate(item.id);
    setOpened(false);
    void navigate(sameOriginPath(item.link) ?? '/notifications');
  }

  const items = latest.data?.items ?? [];
  return (
    <div className={classes.bellWrap} ref={wrap}>
      <button
        type="button"
        className={classes.bell}
        data-inverted={inverted || undefined}
        data-unread={unread > 0 || undefined}
        aria-label={unread > 0 ? t('bell.labelUnread', { count: unread }) : t('bell.label')}
        aria-expanded={opened}
        aria-haspopup="dialog"
        onClick={() => setOpened((was) => !was)}
      >
        <IconBell size={22} stroke={1.7} aria-hidden="true" />
        {unread > 0 && <span className={classes.bellDot} data-testid="bell-dot" />}
      </button>
      {opened && (
        <div className={classes.dropdown} role="dialog" aria-label={t('bell.title')}>
          <div className={classes.dropdownHead}>
            <h2 className={classes.dropdownTitle}>{t('bell.title')}</h2>
            <button
              type="button"
              className={classes.linkButton}
              disabled={unread === 0 || markAll.isPending}
              onClick={() => markAll.mutate()}
            >
              {t('bell.markAllRead')}
            </button>
          </div>
          <div className={classes.dropdownScroll}>
            {latest.isError && !latest.data ? (
              <div className={classes.state} role="alert">
                <p>{t('bell.loadFailed')}</p>
                <button type="button" className={classes.linkButton} onClick={() => void latest.refetch()}>
                  {t('bell.retry')}
                </button>
              </div>
            ) : !latest.data ? (
              <div className={classes.state} aria-busy="true">
                <span className={classes.spinner} />
              </div>
            ) : items.length === 0 ? (
              <p className={classes.state}>{t('bell.empty')}</p>
            ) : (
              <ul className={classes.list}>
                {items.map((item) => (
                  <NotificationRow
                    key={item.id}
                    item={item}
                    view={view(item)}
                    unreadLabel={t('bell.unread')}
                    compact
                    onOpen={open}
                  />
                ))}
              </ul>
            )}
          </div>
          <Link to="/notifications" className={classes.dropdownFoot} onClick={() => setOpened(false)}>
            {t('bell.seeAll')}
          </Link>
        </div>
      )}
    </div>
  );
}
