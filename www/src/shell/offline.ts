// Offline use: the service worker (www/src/sw.ts) caches the built files.

/**
 * Registers the offline service worker (sw.js, beside this script; scope = the page's directory, so
 * it works under a sub-path). Service workers need a secure context (https or localhost).
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  const start = (): void => {
    navigator.serviceWorker
      .register(new URL('./sw.js', import.meta.url), { scope: new URL('./', import.meta.url).href })
      .then(() => navigator.serviceWorker.ready)
      .then(() => {
        document.body.dataset.offline = 'ready';
      })
      .catch((err: unknown) => {
        console.warn(`Planeview: offline use is not available (${err instanceof Error ? err.message : String(err)})`);
      });
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
