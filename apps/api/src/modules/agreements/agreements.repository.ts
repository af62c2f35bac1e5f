import { and, asc, desc, eq, getTableColumns, gt, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { agreements, locations } from '../../db/schema/index.ts';

export type AgreementRow = typeof agreements.$inferSelect;

/** Every column but the signed document's bytes, which only the download reads. */
const { signedPdf: _signedPdf, ...summaryColumns } = getTableColumns(agreements);
export type AgreementSummaryRow = Omit<AgreementRow, 'signedPdf'>;

export const findByToken = async (db: Executor, tokenId: string): Promise<AgreementSummaryRow | undefined> => {
  const [row] = await db.select(summaryColumns).from(agreements).where(eq(agreements.tokenId, tokenId)).limit(1);
  return row;
};

export const findById = async (db: Executor, id: string): Promise<AgreementSummaryRow | undefined> => {
  const [row] = await db.select(summaryColumns).from(agreements).where(eq(agreements.id, id)).limit(1);
  return row;
};

export const findSignedPdf = async (db: Executor, id: string) => {
  const [row] = await db
    .select({ signedPdf: agreements.signedPdf, locationId: agreements.locationId, propertyName: agreements.propertyName })
    .from(agreements)
    .where(eq(agreements.id, id))
    .limit(1);
  return row;
};

export const findLocation = async (db: Executor, id: string) => {
  const [row] = await db.select().from(locations).where(eq(locations.id, id)).limit(1);
  return row;
};

export const insertAgreement = async (db: Executor, values: typeof agreements.$inferInsert): Promise<AgreementSummaryRow> => {
  const [row] = await db.insert(agreements).values(values).returning(summaryColumns);
  return row!;
};

export const markSent = async (db: Executor, id: string, sentAt: Date, expiresAt?: Date): Promise<AgreementSummaryRow | undefined> => {
  const [row] = await db
    .update(agreements)
    .set({ sentAt, sendCount: sql`${agreements.sendCount} + 1`, ...(expiresAt ? { expiresAt } : {}) })
    .where(and(eq(agreements.id, id), eq(agreements.status, 'sent')))
    .returning(summaryColumns);
  return row;
};

export type Signature = { signedAt: Date; ip: string; userAgent: string | null; pdfSha256: string; signedPdf: Buffer; signedPdfSha256: string };

/**
 * Signs only an agreement that is still open at the moment of writing. Under concurrent submits the
 * second UPDATE waits for the first's row lock, re-reads the row, no longer matches, and changes nothing.
 */
export const signIfOpen = async (db: Executor, id: string, signature: Signature): Promise<boolean> => {
  const rows = await db
    .update(agreements)
    .set({
      status: 'signed',
      signedAt: signature.signedAt,
      signedIp: signature.ip,
      signedUserAgent: signature.userAgent,
      pdfSha256: signature.pdfSha256,
      signedPdf: signature.signedPdf,
      signedPdfSha256: signature.signedPdfSha256,
    })
    .where(and(eq(agreements.id, id), eq(agreements.status, 'sent'), isNull(agreements.signedAt), gt(agreements.expiresAt, signature.signedAt)))
    .returning({ id: agreements.id });
  return rows.length === 1;
};

export type AgreementListOptions = {
  locationId: string;
  status: 'sent' | 'signed' | 'expired' | undefined;
  now: Date;
  sort: { field: 'createdAt' | 'expiresAt' | 'signerName' | 'accountName'; descending: boolean };
  page: number;
  pageSize: number;
};

const statusCondition = (status: AgreementListOptions['status'], now: Date): SQL | undefined => {
  if (status === 'signed') return eq(agreements.status, 'signed');
  if (status === 'expired') return and(eq(agreements.status, 'sent'), lte(agreements.expiresAt, now));
  if (status === 'sent') return and(eq(agreements.status, 'sent'), gt(agreements.expiresAt, now));
  return undefined;
};

export const listAgreements = async (db: Executor, options: AgreementListOptions) => {
  const where = and(eq(agreements.locationId, options.locationId), statusCondition(options.status, options.now));
  const direction = options.sort.descending ? desc : asc;
  const [items, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(agreements)
      .where(where)
      .orderBy(direction(agreements[options.sort.field]), desc(agreements.id))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(agreements)
      .where(where),
  ]);
  return { items, total };
};
