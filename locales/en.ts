// The English words every page needs, built in (no network calls for translations). The other
// namespaces (the error messages and page titles among them) load when needed (web/src/lib/i18n.ts).
import common from './en/common.json';
import footer from './en/footer.json';
import publicNav from './en/publicNav.json';

export default { common, footer, publicNav };
