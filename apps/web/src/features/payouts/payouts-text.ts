import en from '../../i18n/catalogues/payouts/en.json';
import { defineArea } from '../../i18n/area.ts';

/** The Payouts History screen's words (catalogues/payouts): balance, statement, transfers, refunds. */
export const payoutsText = defineArea('payouts', en);
export type PayoutsKey = keyof typeof en;
