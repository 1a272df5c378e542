// The browser's stand-in for use-sync-external-store/shim (next.config.js aliases it), which
// react-i18next imports for React versions before 18: React 19 has the hook itself, so the shim's
// copy only added to every page's first load (docs/performance.md "Budgets").
export { useSyncExternalStore } from 'react';
