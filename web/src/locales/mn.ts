// The Mongolian words every page needs, built in (no network calls for translations). The other
// namespaces load with their screens (lib/i18n.ts).
import common from './mn/common.json';
import error from './mn/error.json';
import footer from './mn/footer.json';
import meta from './mn/meta.json';
import publicNav from './mn/publicNav.json';

export default { common, error, footer, meta, publicNav };
