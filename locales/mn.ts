// The Mongolian words every page needs, built in (no network calls for translations). The other
// namespaces (the error messages and page titles among them) load when needed (web/src/lib/i18n.ts).
import common from './mn/common.json';
import footer from './mn/footer.json';
import publicNav from './mn/publicNav.json';

export default { common, footer, publicNav };
