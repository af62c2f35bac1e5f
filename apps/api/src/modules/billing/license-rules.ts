import { AppError, LICENSE_GRACE_DAYS } from '@wattdesk/shared';
import type { Executor } from '../../db/client.ts';
import * as repo from './licenses.repository.ts';

const DAY_MS = 86_400_000;

/**
 * What an unlicensed charger may not do (decision 080). It keeps charging: Authorize, sessions started at the
 * charger, a roaming partner's commands and remote stop / unlock (whatever frees a driver) are never refused.
 * Dashboard remote commands and firmware campaigns need a valid seat once the charger is past its grace period.
 */
export const createLicenseRules = ({ now }: { now: () => Date }) => {
  /** Chargers registered before this still need a seat; newer ones are in their grace period. */
  const graceCutoff = () => new Date(now().getTime() - LICENSE_GRACE_DAYS * DAY_MS);

  const unlicensed = (executor: Executor, chargerIds: readonly string[]) => repo.unlicensedAmong(executor, chargerIds, now(), graceCutoff());

  /** Refuses `what` (e.g. "Remote commands") when any of the chargers holds no valid licence seat. */
  const assertLicensed = async (executor: Executor, chargerIds: readonly string[], what: string): Promise<void> => {
    const found = await unlicensed(executor, chargerIds);
    if (!found.length) return;
    const names = found.slice(0, 5).map((charger) => `${charger.name} (${charger.chargerId})`);
    const more = found.length > names.length ? ` and ${found.length - names.length} more` : '';
    throw new AppError('CHARGER_UNLICENSED', {
      messages: [
        `${what} need a valid license: ${names.join(', ')}${more} ${found.length === 1 ? 'has' : 'have'} no license seat`,
        'Assign a license seat under License. Drivers can still charge',
      ],
      details: { chargers: found.map((charger) => charger.id) },
    });
  };

  return { unlicensed, assertLicensed, graceCutoff };
};

export type LicenseRules = ReturnType<typeof createLicenseRules>;
