import en from '../../i18n/catalogues/roaming/en.json';
import { defineArea } from '../../i18n/area.ts';
import type { Translate } from '../../i18n/use-t.ts';

/** The roaming screen's words (catalogues/roaming): partners, their drawer and outbox, the dialogs. OCPI module names stay. */
export const roamingText = defineArea('roaming', en);

export type RoamingKey = keyof typeof en;
/** The screen's translator, for the helpers that build labels outside a component. */
export type RoamingT = Translate<RoamingKey>;
