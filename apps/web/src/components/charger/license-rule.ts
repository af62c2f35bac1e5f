import { LICENSE_GRACE_DAYS } from '@wattdesk/shared/constants';

/** The licence rules (decision 080) as the host reads them, shown on a charger that holds no valid seat. */
export const UNLICENSED_RULE = `Remote commands and firmware campaigns are refused ${LICENSE_GRACE_DAYS} days after the charger is registered. Drivers can still charge, and a session can still be stopped or a cable unlocked.`;
