import en from '../../i18n/catalogues/sessions/en.json';
import { defineArea } from '../../i18n/area.ts';
import type { Translate } from '../../i18n/use-t.ts';

/** The charging sessions' words (catalogues/sessions): the list and its filters, a session's detail, price and meter values. */
export const sessionsText = defineArea('sessions', en);

export type SessionsKey = keyof typeof en;
/** The area's translator, for the helpers that build columns and labels outside a component. */
export type SessionsT = Translate<SessionsKey>;
