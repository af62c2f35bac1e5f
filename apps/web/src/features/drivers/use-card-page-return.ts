import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { notifyInfo } from '../../lib/notify.tsx';
import { useCompleteDriverCard } from './api/driver-payments-api.ts';

/**
 * Back from the provider's card page on the drivers screen (`?driver=…&card_session=…`): save the card once, clean
 * the address, and answer the driver whose details to show again.
 */
export const useDriverCardPageReturn = (): string | null => {
  const [params, setParams] = useSearchParams();
  const complete = useCompleteDriverCard();
  const handled = useRef<string | null>(null);
  const driverId = params.get('driver');
  const sessionId = params.get('card_session');
  const cancelled = params.get('card') === 'cancelled';

  useEffect(() => {
    if (!driverId || (!sessionId && !cancelled)) return;
    const marker = sessionId ?? `cancelled-${driverId}`;
    if (handled.current === marker) return;
    handled.current = marker;
    setParams({ driver: driverId }, { replace: true });
    if (cancelled) notifyInfo('Card not changed: the card page was left without saving');
    else if (sessionId) complete.mutate({ driverId, sessionId });
  }, [driverId, sessionId, cancelled, complete, setParams]);

  return driverId;
};
