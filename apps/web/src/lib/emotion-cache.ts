import createCache from '@emotion/cache';
import { cspNonce } from '../lib/csp-nonce.ts';

/** Emotion stamps the CSP nonce on the style tags it inserts, so MUI works without 'unsafe-inline'. */
export const createEmotionCache = () => {
  const nonce = cspNonce();
  return createCache({ key: 'wd', ...(nonce ? { nonce } : {}) });
};
