import type Stripe from 'stripe';

type StripeModule = typeof Stripe;

let loading: Promise<StripeModule> | undefined;
let loaded: StripeModule | undefined;

/**
 * The Stripe SDK, imported the first time a call needs it: it weighs about 15 MiB of an idle server's memory,
 * and a network that takes no payments never needs it.
 */
export const loadStripe = (): Promise<StripeModule> =>
  (loading ??= import('stripe').then((module) => {
    loaded = module.default;
    return loaded;
  }));

/** The SDK once loaded: an error can only be one of its errors when a call went through it. */
export const loadedStripe = (): StripeModule | undefined => loaded;
