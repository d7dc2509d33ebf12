import type { NotificationItem } from '@aylal/shared/notifications';
import { sameOriginPath } from '../../../lib/same-origin-path.ts';
import type { NotificationView } from '../use-notification-view.ts';
import classes from './notifications.module.css';

/**
 * One notification in the bell's dropdown or on /notifications: a button (clicking it marks it read
 * and opens its page), its title, body and time ago, and a dot while it is unread.
 */
export function NotificationRow(props: {
  item: NotificationItem;
  view: NotificationView;
  /** Said to screen readers before an unread one. */
  unreadLabel: string;
  compact?: boolean;
  onOpen: (item: NotificationItem) => void;
}) {
  const { item, view } = props;
  return (
    <li className={classes.item} data-unread={item.read ? undefined : true} data-compact={props.compact || undefined}>
      <a
        href={sameOriginPath(item.link) ?? '/notifications'}
        className={classes.row}
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          props.onOpen(item);
        }}
      >
        <span className={classes.dot} aria-hidden="true" />
        <span className={classes.text}>
          {!item.read && <span className="visually-hidden">{props.unreadLabel}: </span>}
          <span className={classes.title}>{view.title}</span>
          <span className={classes.body}>{view.body}</span>
          <time className={classes.ago} dateTime={item.createdAt} title={view.at}>
            {view.ago}
          </time>
        </span>
      </a>
    </li>
  );
}
