import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { ocpiPartners } from '../../db/schema/index.ts';

/** Who is calling: the partner a presented credentials token belongs to. */
export type OcpiCaller = {
  id: string;
  name: string;
  status: (typeof ocpiPartners.$inferSelect)['status'];
  tokenKind: 'A' | 'C';
  countryCode: string | null;
  partyId: string | null;
};

export const findCallerByTokenHashes = async (executor: Executor, hashes: string[]): Promise<OcpiCaller | undefined> => {
  if (hashes.length === 0) return undefined;
  const [row] = await executor
    .select({
      id: ocpiPartners.id,
      name: ocpiPartners.name,
      status: ocpiPartners.status,
      tokenKind: ocpiPartners.incomingTokenKind,
      countryCode: ocpiPartners.countryCode,
      partyId: ocpiPartners.partyId,
    })
    .from(ocpiPartners)
    .where(hashes.length === 1 ? eq(ocpiPartners.incomingTokenHash, hashes[0]!) : inArray(ocpiPartners.incomingTokenHash, hashes))
    .limit(1);
  return row;
};
