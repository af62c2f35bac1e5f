import type { Locale } from '@wattdesk/shared';
import { serverText } from '../../lib/i18n/text.ts';
import de from './mail-text/de.json' with { type: 'json' };
import en from './mail-text/en.json' with { type: 'json' };
import es from './mail-text/es.json' with { type: 'json' };
import fr from './mail-text/fr.json' with { type: 'json' };

/** The statement's words in the downloading user's language (issue 44): the PDF's, and the CSV's entry names. */
export const statementText = serverText('payout-statement', en, { de, es, fr });
export type StatementKey = keyof typeof en;

/**
 * A ledger event's entry name, one catalogue for PDF and CSV so the two agree; an event the catalogue does not
 * name (added later) shows its code, as both did in English.
 */
export const eventLabel = (locale: Locale, event: string): string => {
  const key = `event.${event}`;
  return key in en ? statementText(locale)(key as StatementKey) : event;
};
