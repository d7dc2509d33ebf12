import { ConsultationCalendar } from '../../../features/admin-consultations/components/consultation-calendar.tsx';
import { shellPage } from './shell-page.tsx';

/** /admin/calendar: consultations on the agency's calendar. */
export const Component = shellPage({ title: 'nav.calendar', intro: 'calendar.intro' }, ConsultationCalendar);
