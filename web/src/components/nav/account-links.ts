import {
  IconBell,
  IconBriefcase,
  IconCalendarEvent,
  IconFileCv,
  IconLayoutDashboard,
  IconTimeline,
  IconUser,
} from '@tabler/icons-react';

/** A link of the account menus: where it goes, its words in `publicNav`, its icon. */
export interface AccountLink {
  to: string;
  key: 'myCV' | 'myProfile' | 'myConsultations' | 'myApplications' | 'myTimeline' | 'notifications' | 'adminScreen';
  icon: typeof IconUser;
}

/** One's own pages, in the order the account menu and the phone menu list them. */
export const ACCOUNT_LINKS: readonly AccountLink[] = [
  { to: '/cv', key: 'myCV', icon: IconFileCv },
  { to: '/profile', key: 'myProfile', icon: IconUser },
  { to: '/consultations', key: 'myConsultations', icon: IconCalendarEvent },
  { to: '/applications', key: 'myApplications', icon: IconBriefcase },
  { to: '/account/timeline', key: 'myTimeline', icon: IconTimeline },
];

/** The notifications (the phone menu's; the header has the bell). */
export const NOTIFICATIONS_LINK: AccountLink = { to: '/notifications', key: 'notifications', icon: IconBell };

/** The back office, for admins. */
export const ADMIN_LINK: AccountLink = { to: '/admin/dashboard', key: 'adminScreen', icon: IconLayoutDashboard };
