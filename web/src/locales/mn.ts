// The Mongolian words every page needs, built in (no network calls for translations). The other
// namespaces (the error messages among them) load with their screens (lib/i18n.ts).
import common from './mn/common.json';
import footer from './mn/footer.json';
import meta from './mn/meta.json';
import publicNav from './mn/publicNav.json';

export default { common, footer, meta, publicNav };
