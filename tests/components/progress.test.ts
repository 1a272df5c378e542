import NProgress from 'nprogress';
import { afterEach, expect, it } from 'vitest';
import { loadProgressBar, startProgressBar } from '@/lib/progress';

// The navigation bar (docs/product.md "Screens and routes") with our template: nprogress must still find its bar, and the bar
// carries no made-up ARIA role (axe flags nprogress's default role="bar" as serious).

afterEach(() => NProgress.remove());

it('renders its bar hidden from assistive technology and moves it without an error', async () => {
  const stop = startProgressBar();
  // Its own chunk: the bar is there once loaded, configured.
  expect(await loadProgressBar()).toBe(NProgress);
  expect(() => NProgress.start()).not.toThrow();
  const bar = document.querySelector<HTMLElement>('#nprogress .bar');
  expect(bar).not.toBeNull();
  expect(bar).toHaveAttribute('aria-hidden', 'true');
  expect(document.querySelector('#nprogress [role]')).toBeNull();
  expect(() => NProgress.set(0.5)).not.toThrow();
  expect(bar!.style.transform || bar!.style.marginLeft).not.toBe('');
  stop();
});
