/**
 * The nonce the server put in this response's Content-Security-Policy (`style-src 'nonce-…'`) and in
 * `<meta property="csp-nonce">` of index.html (apps/api/src/plugins/admin-app.ts). Under the Vite dev server (no
 * API in front) the placeholder stays and there is no policy to satisfy.
 */
export function cspNonce(): string | undefined {
  const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  const nonce = meta?.nonce || meta?.getAttribute('nonce') || '';
  return nonce && !nonce.startsWith('__') ? nonce : undefined;
}

/**
 * Gives the nonce to every <style> element the app's own scripts create. antd's CSS-in-JS gets it through
 * `ConfigProvider csp`, but a few rc-* helpers (the scroll lock of drawers and modals, the scrollbar measure)
 * create style elements without a way to pass one. Only scripts of the shop's origin run here (`script-src
 * 'self'`), so a style element made by script is the app's own; markup injected into the page gets no nonce.
 */
export function nonceScriptStyles(nonce: string | undefined): void {
  if (!nonce) return;
  const create = document.createElement.bind(document);
  document.createElement = ((tagName: string, options?: ElementCreationOptions) => {
    const element = create(tagName, options);
    if (element instanceof HTMLStyleElement) element.nonce = nonce;
    return element;
  }) as typeof document.createElement;
}
