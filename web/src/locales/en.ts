// The English words every page needs, built in (no network calls for translations). The other
// namespaces (the error messages among them) load with their screens (lib/i18n.ts).
import common from './en/common.json';
import footer from './en/footer.json';
import meta from './en/meta.json';
import publicNav from './en/publicNav.json';

export default { common, footer, meta, publicNav };
