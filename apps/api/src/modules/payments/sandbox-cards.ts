/** A card as the sandbox keeps it: never the number, only what Stripe shows and how the test card behaves. */
export type SandboxCard = {
  brand: 'visa' | 'mastercard' | 'amex' | 'discover';
  last4: string;
  expMonth: number;
  expYear: number;
  /** Stripe's 4000 0000 0000 0002: refused when saved. */
  declinesSetup: boolean;
  /** Stripe's 4000 0000 0000 0341: saved, but every charge to it is declined. */
  declinesCharges: boolean;
};

/** Stripe's published test cards: the only numbers the sandbox accepts, so a real card is never typed into it. */
const TEST_CARDS: Record<string, Pick<SandboxCard, 'brand'> & Partial<Pick<SandboxCard, 'declinesSetup' | 'declinesCharges'>>> = {
  '4242424242424242': { brand: 'visa' },
  '5555555555554444': { brand: 'mastercard' },
  '378282246310005': { brand: 'amex' },
  '6011111111111117': { brand: 'discover' },
  '4000000000000002': { brand: 'visa', declinesSetup: true },
  '4000000000000341': { brand: 'visa', declinesCharges: true },
};

export const SANDBOX_TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'Visa, succeeds' },
  { number: '5555 5555 5555 4444', outcome: 'MasterCard, succeeds' },
  { number: '3782 822463 10005', outcome: 'American Express, succeeds' },
  { number: '6011 1111 1111 1117', outcome: 'Discover, succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'declined when saved' },
  { number: '4000 0000 0000 0341', outcome: 'saved, but payments are declined' },
] as const;

const luhn = (digits: string) =>
  [...digits].reverse().reduce((sum, char, index) => {
    const digit = Number(char) * (index % 2 === 1 ? 2 : 1);
    return sum + (digit > 9 ? digit - 9 : digit);
  }, 0) %
    10 ===
  0;

/** Reads the sandbox card form the way Stripe's card form checks it; answers Stripe's own messages. */
const read = (form: { number: string; expiry: string; cvc: string }, now: Date): SandboxCard | { error: string } => {
  const number = form.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number) || !luhn(number)) return { error: 'Your card number is incorrect.' };
  const test = TEST_CARDS[number];
  if (!test)
    return {
      error:
        'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, see the list on this page.',
    };
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(form.expiry);
  const expMonth = Number(expiry?.[1]);
  const expYear = expiry ? Number(expiry[2]!.length === 2 ? `20${expiry[2]}` : expiry[2]) : NaN;
  if (!expiry || expMonth < 1 || expMonth > 12) return { error: "Your card's expiration date is incomplete." };
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
  if (expYear * 12 + expMonth < thisMonth) return { error: "Your card's expiration year is in the past." };
  if (!new RegExp(test.brand === 'amex' ? '^\\d{4}$' : '^\\d{3}$').test(form.cvc.trim()))
    return { error: "Your card's security code is incomplete." };
  return {
    brand: test.brand,
    last4: number.slice(-4),
    expMonth,
    expYear,
    declinesSetup: test.declinesSetup ?? false,
    declinesCharges: test.declinesCharges ?? false,
  };
};

export const sandboxCards = { read };
