import { AppError, type Locale, type TermsResponse } from '@wattdesk/shared';
import type { Database } from '../../db/client.ts';
import type { BackgroundTasks } from '../../lib/background.ts';
import { recordActivity, type Actor } from '../../lib/audit.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { renderAgreementPdf, renderSignedPdf, sha256Hex } from './agreement-pdf.ts';
import { contentOf, isOpenForSigning, toTerms } from './agreement-view.ts';
import * as repo from './agreements.repository.ts';
import { signedAgreementMail } from './agreements.mail.ts';

export type SigningDeps = { db: Database; mailer: Mailer; background: BackgroundTasks; now: () => Date };
/** Who signs, as the request shows them; `locale` is the page's language, which the signed copy and its mail are written in. */
export type SignerClient = { ip: string; userAgent: string | null; locale: Locale };

/**
 * The public side of an agreement: whoever holds the token may read and sign it, once, before it
 * expires. Unknown, signed and expired tokens all answer the spec's agreement error and reveal nothing.
 */
export const createSigningService = ({ db, mailer, background, now }: SigningDeps) => {
  const openAgreement = async (tokenId: string) => {
    const row = await repo.findByToken(db, tokenId);
    if (!row) throw new AppError('AGREEMENT_NOT_FOUND');
    if (!isOpenForSigning(row, now())) throw new AppError('AGREEMENT_CLOSED');
    return row;
  };

  const lookup = async (tokenId: string): Promise<TermsResponse> => toTerms(await openAgreement(tokenId));

  /** `locale`: the signing page's language; signing in the same language rebuilds the same bytes. */
  const agreementPdf = async (tokenId: string, locale: Locale): Promise<{ pdf: Buffer; sha256: string }> => {
    const pdf = Buffer.from(await renderAgreementPdf(contentOf(await openAgreement(tokenId)), locale));
    return { pdf, sha256: sha256Hex(pdf) };
  };

  const sign = async (tokenId: string, client: SignerClient): Promise<void> => {
    const row = await openAgreement(tokenId);
    const signedAt = now();
    const content = contentOf(row);
    // The PDF is rebuilt from the same row, in the same language, it was served in: deterministic bytes, the same hash.
    const shown = await renderAgreementPdf(content, client.locale);
    const pdfSha256 = sha256Hex(shown);
    const signedPdf = Buffer.from(
      await renderSignedPdf(shown, content, { signedAt, ip: client.ip, userAgent: client.userAgent, agreementSha256: pdfSha256 }, client.locale),
    );
    const signature = { signedAt, ip: client.ip, userAgent: client.userAgent, pdfSha256, signedPdf, signedPdfSha256: sha256Hex(signedPdf) };
    const actor: Actor = { userId: null, email: row.signerEmail, userType: null, ip: client.ip };
    await db.transaction(async (tx) => {
      if (!(await repo.signIfOpen(tx, row.id, signature))) throw new AppError('AGREEMENT_CLOSED');
      await recordActivity(tx, actor, {
        action: 'agreement.sign',
        entity: 'agreement',
        entityId: row.id,
        locationId: row.locationId,
        changes: { status: { before: 'sent', after: 'signed' }, pdfSha256: { before: null, after: pdfSha256 } },
      });
    });
    background.run('agreement-signed-mail', () => mailer.send(signedAgreementMail(row, signedAt, signedPdf, client.locale)));
  };

  return { lookup, agreementPdf, sign };
};

export type SigningService = ReturnType<typeof createSigningService>;
