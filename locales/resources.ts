// The shape of every namespace, read from the English catalogues (the Mongolian ones have the same
// keys: parity.test.ts). web/src/i18next.d.ts gives it to i18next, so a wrong key or namespace fails
// `npm run typecheck`.
import type admin from './en/admin.json';
import type auth from './en/auth.json';
import type common from './en/common.json';
import type consultationBooking from './en/consultationBooking.json';
import type contactUs from './en/contactUs.json';
import type cv from './en/cv.json';
import type error from './en/error.json';
import type footer from './en/footer.json';
import type forms from './en/forms.json';
import type jobs from './en/jobs.json';
import type landing from './en/landing.json';
import type landingNew from './en/landingNew.json';
import type meta from './en/meta.json';
import type notifications from './en/notifications.json';
import type profile from './en/profile.json';
import type publicNav from './en/publicNav.json';
import type secondFactor from './en/secondFactor.json';
import type transport from './en/transport.json';
import type tripDetails from './en/tripDetails.json';
import type tripsList from './en/tripsList.json';
import type timeline from './en/timeline.json';
import type visaApplicationForm from './en/visaApplicationForm.json';

export interface Resources {
  admin: typeof admin;
  auth: typeof auth;
  common: typeof common;
  consultationBooking: typeof consultationBooking;
  contactUs: typeof contactUs;
  cv: typeof cv;
  error: typeof error;
  footer: typeof footer;
  forms: typeof forms;
  jobs: typeof jobs;
  landing: typeof landing;
  landingNew: typeof landingNew;
  meta: typeof meta;
  notifications: typeof notifications;
  profile: typeof profile;
  publicNav: typeof publicNav;
  secondFactor: typeof secondFactor;
  transport: typeof transport;
  tripDetails: typeof tripDetails;
  tripsList: typeof tripsList;
  timeline: typeof timeline;
  visaApplicationForm: typeof visaApplicationForm;
}
