import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useT } from '../../i18n/use-t.ts';
import { notifyInfo } from '../../lib/notify.tsx';
import { useCompleteDriverCard } from './api/driver-payments-api.ts';
import { driversText } from './drivers-text.ts';

/**
 * Back from the provider's card page on the drivers screen (`?driver=…&card_session=…`): save the card once, clean
 * the address, and answer the driver whose details to show again.
 */
export const useDriverCardPageReturn = (): string | null => {
  const t = useT(driversText);
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
    if (cancelled) notifyInfo(t('toast.cardNotChanged'));
    else if (sessionId) complete.mutate({ driverId, sessionId });
  }, [driverId, sessionId, cancelled, complete, setParams, t]);

  return driverId;
};
