/** How long after the load event what the page does not need to show itself waits to start. */
export const AFTER_LOAD_MS = 1500;

let settled: Promise<void> | undefined;

/**
 * Settles AFTER_LOAD_MS after the page's load event. For what a page does not need to show its
 * content (the bell's live half): started earlier, it would compete with the page's own code and
 * data, which on a slow phone are still arriving after the load event. Once settled it stays so
 * for the tab: later pages (client-side navigations) start it at once.
 */
export function afterPageLoad(): Promise<void> {
  settled ??= new Promise<void>((resolve) => {
    const loaded = () => setTimeout(resolve, AFTER_LOAD_MS);
    if (document.readyState === 'complete') loaded();
    else window.addEventListener('load', loaded, { once: true });
  });
  return settled;
}
