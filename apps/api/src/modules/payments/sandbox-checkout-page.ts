import { escapeHtml } from '../../lib/mail-layout.ts';
import { SANDBOX_TEST_CARDS } from './sandbox-cards.ts';
import { page } from './sandbox-page.ts';

/**
 * The sandbox's stand-in for Stripe Checkout in setup mode: a plain card form that posts to the sandbox,
 * never to Wattdesk's API. It lists the test cards it accepts.
 */
export const checkoutPage = (nonce: string, session: { id: string; cancelUrl: string }, error?: string) =>
  page(
    nonce,
    'Stripe sandbox: save a card',
    `<h1>Save a card for Wattdesk</h1>
<p>The card is kept by the payment provider and charged for the location's subscription.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/web/payments/sandbox/checkout/${escapeHtml(session.id)}" autocomplete="off">
<label for="number">Card number</label><input id="number" name="number" inputmode="numeric" required maxlength="23">
<div class="row"><div><label for="expiry">Expiry (MM / YY)</label><input id="expiry" name="expiry" required maxlength="7" placeholder="MM / YY"></div>
<div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" required maxlength="4"></div></div>
<div class="actions"><a class="deny" href="${escapeHtml(session.cancelUrl)}">Cancel</a>
<button class="approve" type="submit">Save card</button></div>
</form>
<table aria-label="Test cards"><caption>Test cards (any future expiry, any CVC)</caption>
${SANDBOX_TEST_CARDS.map((card) => `<tr><td>${card.number}</td><td>${escapeHtml(card.outcome)}</td></tr>`).join('')}</table>`,
  );
