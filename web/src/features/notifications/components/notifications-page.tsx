import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { NotificationItem } from '@aylal/shared/notifications';
import { PageLoader } from '../../../components/page-loader.tsx';
import { Pager, useLastPage } from '../../../components/pager.tsx';
import { ToggleGroup } from '../../../components/toggle-group.tsx';
import { pageCount, oneOfField } from '../../../lib/lists/list-state.ts';
import { useListState } from '../../../lib/lists/use-list-state.ts';
import { sameOriginPath } from '../../../lib/same-origin-path.ts';
import { useMarkAllRead, useMarkRead, useNotifications } from '../api/notifications.ts';
import { useNotificationView } from '../use-notification-view.ts';
import { NotificationRow } from './notification-row.tsx';
import classes from './notifications.module.css';
import pageClasses from './notifications-page.module.css';
import { LoadFailed, PageHead } from '../../../components/public-page.tsx';

export const PAGE_SIZE = 20;
/** `?show=unread&page=2`: the filter and the page are in the URL (a reload or Back keeps them). */
const FIELDS = { show: oneOfField(['unread'] as const, '') };

/** /notifications: every notification of the signed-in person, paged, all or unread only. */
export function NotificationsPage() {
  const { t } = useTranslation('notifications');
  const list = useListState(FIELDS);
  const { page, show } = list.values;
  const unreadOnly = show === 'unread';
  const notifications = useNotifications({ page, pageSize: PAGE_SIZE, unread: unreadOnly });
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const view = useNotificationView();
  const navigate = useNavigate();
  const data = notifications.data;
  const pages = pageCount(data?.total ?? 0, PAGE_SIZE);
  const pastEnd = useLastPage(page, pages, data !== undefined && !notifications.isFetching, list.setPage);

  function open(item: NotificationItem) {
    if (!item.read) markRead.mutate(item.id);
    void navigate(sameOriginPath(item.link) ?? '/notifications');
  }

  return (
    <div className={`container ${pageClasses.page}`}>
      <PageHead className={pageClasses.head} title={t('page.title')} intro={t('page.intro')} />
      <div className={pageClasses.toolbar}>
        <ToggleGroup
          label={t('page.filter')}
          value={unreadOnly ? 'unread' : 'all'}
          onChange={(value) => list.set({ show: value === 'unread' ? 'unread' : '' })}
          options={[
            { value: 'all', label: t('page.all') },
            { value: 'unread', label: t('page.unread') },
          ]}
        />
        <button
          type="button"
          className="btn btn-light"
          disabled={!data || data.unread === 0 || markAll.isPending}
          onClick={() => markAll.mutate()}
        >
          {t('page.markAllRead')}
        </button>
      </div>
      {notifications.isError && !data ? (
        <LoadFailed className={pageClasses.problem} message={t('page.loadFailed')} onRetry={notifications.refetch} />
      ) : !data || pastEnd ? (
        <PageLoader />
      ) : data.items.length === 0 ? (
        <div className={pageClasses.problem}>
          <p>{unreadOnly ? t('page.emptyUnread') : t('page.empty')}</p>
          {unreadOnly && (
            <button type="button" className="btn btn-light" onClick={() => list.set({ show: '' })}>
              {t('page.showAll')}
            </button>
          )}
        </div>
      ) : (
        <>
          <ul className={`${classes.list} ${pageClasses.card}`} aria-busy={notifications.isFetching}>
            {data.items.map((item) => (
              <NotificationRow
                key={item.id}
                item={item}
                view={view(item)}
                unreadLabel={t('page.unreadMark')}
                onOpen={open}
              />
            ))}
          </ul>
          <Pager
            page={page}
            pages={pages}
            label={t('page.pages')}
            pageOf={t('page.pageOf', { page, pages })}
            onPage={(next) => {
              list.setPage(next);
              window.scrollTo({ top: 0 });
            }}
          />
        </>
      )}
    </div>
  );
}
