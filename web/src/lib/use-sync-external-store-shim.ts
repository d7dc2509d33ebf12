// react-i18next imports `use-sync-external-store/shim`, a fallback for React before 18 that every
// page would carry (docs/decisions/006); React 19 has the hook itself (aliased in vite.config.ts).
export { useSyncExternalStore } from 'react';
