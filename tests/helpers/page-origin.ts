type TJsdom = { reconfigure(o: { url: string }): void; window: { _origin: string } };

/**
 * Moves the test page (jsdom) to `origin`, so that the app's HTTP client, which calls `/api`
 * on its own origin, reaches a server the test started there. jsdom's reconfigure() updates the
 * document but not the origin its XMLHttpRequest checks, hence the second line.
 */
export function movePageTo(origin: string): void {
  const { jsdom } = globalThis as unknown as { jsdom: TJsdom };
  jsdom.reconfigure({ url: `${origin}/` });
  jsdom.window._origin = origin;
}
