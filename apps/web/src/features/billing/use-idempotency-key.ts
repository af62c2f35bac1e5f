import { useCallback, useState } from 'react';

const newKey = () => crypto.randomUUID().replaceAll('-', '');

/**
 * One key per user action: kept while the action is retried (a lost answer, a second click), replaced
 * once it succeeded, so the server and the provider carry out the action once.
 */
export const useIdempotencyKey = (): [string, () => void] => {
  const [key, setKey] = useState(newKey);
  const renew = useCallback(() => setKey(newKey()), []);
  return [key, renew];
};
