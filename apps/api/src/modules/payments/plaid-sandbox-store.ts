import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { paymentSandboxObjects } from '../../db/schema/index.ts';

/** An Item the sandbox created at a token exchange: which bank, and whether it was removed (/item/remove). */
export type SandboxItem = { itemId: string; institutionId: string; removed: boolean };
/** A public token Link handed out: it is exchanged once, within 30 minutes. */
export type SandboxPublicToken = { token: string; institutionId: string; itemId: string; expires: number };

type Kind = 'item' | 'public_token';

/**
 * Where the Plaid sandbox keeps what Plaid itself would remember (issue 43): Items and unexchanged public
 * tokens, one `payment_sandbox_objects` row each (provider 'plaid'). Read once when the sandbox starts;
 * each change is written before the sandbox answers, so a restart keeps every linked Item.
 */
export type PlaidSandboxStore = {
  load(): Promise<{ items: SandboxItem[]; publicTokens: SandboxPublicToken[] }>;
  saveItem(item: SandboxItem): Promise<void>;
  savePublicToken(token: SandboxPublicToken): Promise<void>;
  forgetPublicToken(token: string): Promise<void>;
};

export const createDatabasePlaidStore = (db: Executor): PlaidSandboxStore => {
  const upsert = async (kind: Kind, objectId: string, body: object) => {
    await db
      .insert(paymentSandboxObjects)
      .values({ provider: 'plaid', objectId, kind, body })
      .onConflictDoUpdate({
        target: [paymentSandboxObjects.provider, paymentSandboxObjects.objectId],
        set: { body, updatedAt: sql`now()` },
      });
  };
  const rowsOf = (kind: Kind) =>
    db
      .select({ body: paymentSandboxObjects.body })
      .from(paymentSandboxObjects)
      .where(and(eq(paymentSandboxObjects.provider, 'plaid'), eq(paymentSandboxObjects.kind, kind)));

  return {
    load: async () => {
      const [items, publicTokens] = await Promise.all([rowsOf('item'), rowsOf('public_token')]);
      return { items: items.map((row) => row.body as SandboxItem), publicTokens: publicTokens.map((row) => row.body as SandboxPublicToken) };
    },
    saveItem: (item) => upsert('item', item.itemId, item),
    savePublicToken: (token) => upsert('public_token', token.token, token),
    forgetPublicToken: async (token) => {
      await db.delete(paymentSandboxObjects).where(and(eq(paymentSandboxObjects.provider, 'plaid'), eq(paymentSandboxObjects.objectId, token)));
    },
  };
};

/** For a sandbox without a database (unit use): the same contract, kept in memory. */
export const createMemoryPlaidStore = (): PlaidSandboxStore => {
  const items = new Map<string, SandboxItem>();
  const tokens = new Map<string, SandboxPublicToken>();
  return {
    load: () => Promise.resolve({ items: [...items.values()], publicTokens: [...tokens.values()] }),
    saveItem: (item) => Promise.resolve(void items.set(item.itemId, item)),
    savePublicToken: (token) => Promise.resolve(void tokens.set(token.token, token)),
    forgetPublicToken: (token) => Promise.resolve(void tokens.delete(token)),
  };
};
