// i18next's keys and namespaces are typed from the English catalogues (@aylal/locales), so
// `t('a.wrong.key')` or an unknown namespace fails `npm run typecheck`. Runtime loading is
// unchanged (lib/i18n.ts).
import 'i18next';
import type { Resources } from '@aylal/locales/resources';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: Resources;
  }
}
