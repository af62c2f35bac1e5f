import {
  AppError,
  parseSort,
  type Agreement,
  type AgreementListQuery,
  type CreateAgreementBody,
  type Locale,
  type Paged,
  type ResendAgreementBody,
} from '@wattdesk/shared';
import type { Database } from '../../db/client.ts';
import { recordActivity, type Actor } from '../../lib/audit.ts';
import type { AuthContext } from '../../lib/fastify-types.ts';
import { assertLocationAccess } from '../../lib/location-access.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { newOpaqueToken } from '../../lib/tokens.ts';
import { toAgreement, viewStatus } from './agreement-view.ts';
import * as repo from './agreements.repository.ts';
import { agreementInvitationMail } from './agreements.mail.ts';

export type AgreementsDeps = { db: Database; mailer: Mailer; publicUrl: string; now: () => Date };

/** Staff side: create and send agreements of a location, list them, resend, download the signed copy. */
export const createAgreementsService = ({ db, mailer, publicUrl, now }: AgreementsDeps) => {
  const signingLink = (tokenId: string) => `${publicUrl}/terms-and-conditions/${encodeURIComponent(tokenId)}`;

  /** The row is committed first; a mail failure is reported, and Resend tries again. */
  const mailInvitation = async (row: repo.AgreementSummaryRow, locale: Locale) => {
    try {
      await mailer.send(agreementInvitationMail(row, signingLink(row.tokenId), row.expiresAt, locale));
    } catch {
      throw new AppError('AGREEMENT_MAIL_FAILED');
    }
  };

  const assertFuture = (expiresAt: Date) => {
    if (expiresAt <= now()) throw new AppError('VALIDATION_FAILED', { messages: ['Expires at must be in the future'] });
  };

  /** `locale`: the sender's, which the signer's invitation is written in. */
  const create = async (actor: Actor, body: CreateAgreementBody, locale: Locale): Promise<Agreement> => {
    const location = await repo.findLocation(db, body.locationId);
    if (!location) throw new AppError('LOCATION_NOT_FOUND');
    const expiresAt = new Date(body.expiresAt);
    assertFuture(expiresAt);
    const address = body.address ?? {
      street: [location.addressLine1, location.addressLine2].filter(Boolean).join(', '),
      city: location.city,
      state: location.state,
      zip: location.zipCode,
    };
    const row = await db.transaction(async (tx) => {
      const created = await repo.insertAgreement(tx, {
        tokenId: newOpaqueToken(),
        locationId: location.id,
        accountName: body.accountName,
        propertyName: body.propertyName ?? location.name,
        ...address,
        signerName: body.signerName,
        signerEmail: body.signerEmail.toLowerCase(),
        status: 'sent',
        expiresAt,
        createdByUserId: actor.userId,
        sentAt: now(),
        sendCount: 1,
      });
      await recordActivity(tx, actor, {
        action: 'agreement.create',
        entity: 'agreement',
        entityId: created.id,
        locationId: location.id,
        changes: {
          accountName: { before: null, after: created.accountName },
          propertyName: { before: null, after: created.propertyName },
          signerEmail: { before: null, after: created.signerEmail },
          expiresAt: { before: null, after: created.expiresAt.toISOString() },
        },
      });
      return created;
    });
    await mailInvitation(row, locale);
    return toAgreement(row, now());
  };

  const findInReach = async (auth: AuthContext, agreementId: string) => {
    const row = await repo.findById(db, agreementId);
    if (!row) throw new AppError('AGREEMENT_UNKNOWN');
    assertLocationAccess(auth, row.locationId);
    return row;
  };

  const resend = async (auth: AuthContext, actor: Actor, agreementId: string, body: ResendAgreementBody, locale: Locale): Promise<Agreement> => {
    const row = await findInReach(auth, agreementId);
    const status = viewStatus(row, now());
    if (status === 'signed') throw new AppError('AGREEMENT_ALREADY_SIGNED');
    const expiresAt = body.expiresAt ? new Date(body.expiresAt) : undefined;
    if (expiresAt) assertFuture(expiresAt);
    if (status === 'expired' && !expiresAt) throw new AppError('AGREEMENT_EXPIRED');
    const updated = await db.transaction(async (tx) => {
      const sent = await repo.markSent(tx, row.id, now(), expiresAt);
      // Signed between our read and this write: nothing to send any more.
      if (!sent) throw new AppError('AGREEMENT_ALREADY_SIGNED');
      await recordActivity(tx, actor, {
        action: 'agreement.resend',
        entity: 'agreement',
        entityId: row.id,
        locationId: row.locationId,
        changes: expiresAt ? { expiresAt: { before: row.expiresAt.toISOString(), after: expiresAt.toISOString() } } : null,
      });
      return sent;
    });
    await mailInvitation(updated, locale);
    return toAgreement(updated, now());
  };

  const list = async (query: AgreementListQuery): Promise<Paged<Agreement>> => {
    const current = now();
    const { items, total } = await repo.listAgreements(db, {
      locationId: query.locationId,
      status: query.status,
      now: current,
      sort: parseSort<'createdAt' | 'expiresAt' | 'signerName' | 'accountName'>(query.sort),
      page: query.page,
      pageSize: query.pageSize,
    });
    return { items: items.map((row) => toAgreement(row, current)), total, page: query.page, pageSize: query.pageSize };
  };

  const signedPdf = async (auth: AuthContext, agreementId: string): Promise<{ pdf: Buffer; filename: string }> => {
    const row = await repo.findSignedPdf(db, agreementId);
    if (!row) throw new AppError('AGREEMENT_UNKNOWN');
    assertLocationAccess(auth, row.locationId);
    if (!row.signedPdf) throw new AppError('AGREEMENT_NOT_SIGNED');
    const slug =
      row.propertyName
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '') || 'agreement';
    return { pdf: row.signedPdf, filename: `signed-agreement-${slug}.pdf` };
  };

  return { create, resend, list, signedPdf };
};

export type AgreementsService = ReturnType<typeof createAgreementsService>;
