import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLive } from '../../../lib/live.ts';
import { useStaffUnreadCount } from '../api/notifications.ts';

/**
 * The back office sidebar's Notifications badge (spec section 2): the staff notifications this
 * admin has not read, "{n} new" (the number alone when the sidebar is narrow). Shown on every
 * back-office screen, it keeps the live stream open there.
 */
export default function StaffUnreadBadge({ userId, narrow }: { userId: string; narrow: boolean }) {
  const { t } = useTranslation('admin');
  useLive(userId);
  const unread = useStaffUnreadCount().data ?? 0;
  if (unread === 0) return null;
  return (
    <Badge size="sm" color="red" variant="filled" aria-label={t('nav.newCount', { count: unread })}>
      {narrow ? unread : t('nav.newCount', { count: unread })}
    </Badge>
  );
}
