import type { RoamingPartner } from '@wattdesk/shared/schemas/roaming';
import type { RoamingT } from '../roaming-text.ts';

const DASH = '—';

/** "NL/ABC": the partner's OCPI party, known once it registered. */
export const partyOf = (partner: RoamingPartner): string =>
  partner.countryCode && partner.partyId ? `${partner.countryCode}/${partner.partyId}` : DASH;

/** "cdrs, locations, tokens": each module once, whatever roles the partner plays in it. */
export const moduleNamesOf = (partner: RoamingPartner): string => {
  const names = [...new Set(partner.modules.map((module) => module.identifier))].sort();
  return names.length ? names.join(', ') : DASH;
};

/** "3 pending, 1 failing", or "None". */
export const pushSummaryOf = (t: RoamingT, partner: RoamingPartner): string => {
  if (partner.pendingPushes === 0) return t('pushes.none');
  const pending = partner.pendingPushes;
  return partner.failingPushes > 0 ? t('pushes.pendingFailing', { pending, failing: partner.failingPushes }) : t('pushes.pending', { pending });
};
