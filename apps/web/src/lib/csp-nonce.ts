/**
 * The server writes this response's CSP nonce into a meta tag of index.html; code that inserts
 * <style> elements (emotion, the data grid) must stamp it on them. Undefined in development (Vite).
 */
export const cspNonce = (): string | undefined => {
  const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.content;
  return nonce && !nonce.startsWith('__') ? nonce : undefined;
};
