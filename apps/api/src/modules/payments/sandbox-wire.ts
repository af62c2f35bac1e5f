import { randomBytes } from 'node:crypto';

/** What an extension of the sandbox answers: a status and a body in Stripe's wire format. */
export type SandboxAnswer = { status: number; body: object };
export type SandboxRequest = {
  method: string;
  path: string;
  params: URLSearchParams;
  idempotencyKey: string | undefined;
  /** The Stripe-Account header: the connected account the call acts for. */
  account?: string | undefined;
};
export type SandboxExtension = (request: SandboxRequest) => SandboxAnswer | undefined;

/** Ids, times and error bodies as Stripe writes them. */
export const newId = (prefix: string) => `${prefix}_sbx${randomBytes(10).toString('hex')}`;
export const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
export const oneMonthLater = (from: Date) => {
  const next = new Date(from);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
};

export const invalid = (message: string, param?: string): SandboxAnswer => ({
  status: 400,
  body: { error: { type: 'invalid_request_error', message, ...(param ? { param } : {}) } },
});
export const missing = (kind: string, id: string, param = 'id'): SandboxAnswer => ({
  status: 404,
  body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${id}'`, param } },
});
export const declined = (): SandboxAnswer => ({
  status: 402,
  body: { error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } },
});

/** `metadata[key]=value` pairs of a form body, as Stripe reads them. */
export const metadataOf = (params: URLSearchParams) =>
  Object.fromEntries([...params].flatMap(([key, value]) => (/^metadata\[(.+)\]$/.exec(key) ? [[/^metadata\[(.+)\]$/.exec(key)![1]!, value]] : [])));
