import { describe, expect, it } from 'vitest';
import { appStore, currentStore } from '@/store';

describe("the app's store in the browser", () => {
  it('is one per tab, however often React asks for it (twice in development)', () => {
    const first = appStore();
    expect(appStore()).toBe(first);
    expect(currentStore()).toBe(first.store);
  });

  it('holds the server-data cache as soon as its module has loaded, before any screen asks', async () => {
    const { store } = appStore();
    expect(store.getState()).not.toHaveProperty('api');
    await import('@/services/api');
    expect(store.getState()).toHaveProperty('api.queries', {});
  });
});
