import en from '../../i18n/catalogues/billing/en.json';
import { defineArea } from '../../i18n/area.ts';
import type { Translate } from '../../i18n/use-t.ts';

/** The billing screens' words (catalogues/billing): Subscription, License, Payment Info, their dialogs and toasts. */
export const billingText = defineArea('billing', en);

export type BillingKey = keyof typeof en;
/** The screens' translator, for the helpers that build labels outside a component. */
export type BillingT = Translate<BillingKey>;
