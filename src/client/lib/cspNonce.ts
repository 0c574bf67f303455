declare global {
  interface Window {
    __nonce__?: string;
  }
}

/*
 * The server's CSP allows one inline <style id="_goober"> by nonce: the toasts library (goober)
 * writes its rules there and copies `window.__nonce__` onto it, already while its module loads,
 * so this module is imported first of all in main.tsx. Without the element (Vite dev server, no
 * CSP) goober makes its own and nothing is needed.
 */
const el = document.getElementById('_goober') as HTMLStyleElement | null;
if (el?.nonce) window.__nonce__ = el.nonce;

export {};
