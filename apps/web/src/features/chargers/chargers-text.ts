import type { ReactNode } from 'react';
import en from '../../i18n/catalogues/chargers/en.json';
import { defineArea } from '../../i18n/area.ts';
import type { MessageValues, Translate } from '../../i18n/use-t.ts';

/** The chargers' words (catalogues/chargers): Assets, the charger's dialog, its remote actions, log and device model. */
export const chargersText = defineArea('chargers', en);

export type ChargersKey = keyof typeof en;
/** The screen's translator, for the helpers that build columns and confirmations outside a component. */
export type ChargersT = Translate<ChargersKey>;

// A character no message holds: where a piece of markup (a <code>) goes in a translated sentence.
const SLOT = '\u0000';

/** A sentence with one element in it (`{slot}` in the message), the words around it in the language's order. */
export const withElement = (t: ChargersT, key: ChargersKey, slot: string, element: ReactNode, values: MessageValues = {}): ReactNode[] => {
  const [before = '', after = ''] = t(key, { ...values, [slot]: SLOT }).split(SLOT);
  return [before, element, after];
};
