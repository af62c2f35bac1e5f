import {
  balanceResponseSchema,
  can,
  dealAddedResponseSchema,
  dealBodySchema,
  dealListResponseSchema,
  payoutsLocationQuerySchema,
  refundBodySchema,
  refundResponseSchema,
  revenueShareBodySchema,
  revenueShareResponseSchema,
  startTransferBodySchema,
  statementQuerySchema,
  successMessages,
  transferListQuerySchema,
  transferListResponseSchema,
  transferResponseSchema,
} from '@wattdesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/audit.ts';
import { sendCsvText } from '../../lib/csv.ts';
import { requestLocale } from '../../lib/i18n/request-locale.ts';
import { authOf } from '../../lib/request-auth.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import type { LedgerService } from './ledger.service.ts';
import type { RefundsService } from './refunds.service.ts';
import { statementPdf } from './statement-pdf.ts';
import type { TransfersService } from './transfers.service.ts';

const tags = ['payouts'];
const providerErrors = { ...errorResponses, 502: errorResponses[503] };

export type PayoutsRoutesOptions = {
  ledger: LedgerService;
  transfers: TransfersService;
  refunds: RefundsService;
  connected: (locationId: string) => Promise<boolean>;
  now: () => Date;
};

/** Ledger, balance, payouts history, transfers, statements, revenue share and deals (spec prefix /payments/payouts). */
export const payoutsRoutes = async (app: FastifyInstance, { ledger, transfers, refunds, connected, now }: PayoutsRoutesOptions) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/payments/payouts/balance', {
    config: { access: { permission: 'Payouts_View', location: 'query.locationId' } },
    schema: {
      tags,
      summary: "What the location owes its host now, per currency: sums of the ledger ('balance not found' when it has none)",
      querystring: payoutsLocationQuerySchema,
      response: { 200: balanceResponseSchema, ...errorResponses },
    },
    handler: async (request) =>
      ledger.balance(request.query.locationId, can(authOf(request).userType, 'Reseller_Revenue_View'), await connected(request.query.locationId)),
  });

  r.get('/payments/payouts/transfers', {
    config: { access: { permission: 'Payouts_View', location: 'query.locationId' } },
    schema: {
      tags,
      summary: 'Payouts history: transfers with period, amount and status, paged on the server',
      querystring: transferListQuerySchema,
      response: { 200: transferListResponseSchema, ...errorResponses },
    },
    handler: (request) => transfers.list(request.query),
  });

  r.post('/payments/payouts/transfers', {
    config: { access: { permission: 'Payouts_Transfer', location: 'body.locationId' } },
    schema: {
      tags,
      summary: 'Pay the host balance to the connected account now (a transfer still pending is sent again with its own idempotency key)',
      body: startTransferBodySchema,
      response: { 200: transferResponseSchema, ...providerErrors },
    },
    handler: async (request) => {
      const transfer = await transfers.transfer(actorOf(request), request.body.locationId);
      return { responseCode: 200, msg: [transfer.status === 'paid' ? 'transfer paid' : 'transfer sent'], transfer };
    },
  });

  r.get('/payments/payouts/statement', {
    config: { access: { permission: 'Payouts_View', location: 'query.locationId' } },
    schema: {
      tags,
      summary:
        'Statement of a month on the location clock, totals to the cent. CSV: one line per ledger movement. PDF: the same up to 500 movements, one line per local day above',
      querystring: statementQuerySchema,
    },
    handler: async (request, reply) => {
      const { locationId, month, format } = request.query;
      const filename = `payout-statement-${month}.${format}`;
      if (format === 'csv') {
        sendCsvText(reply, filename, await ledger.statement(locationId, month, requestLocale(request)));
        return reply;
      }
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(await statementPdf(await ledger.statementForPdf(locationId, month), month, now(), requestLocale(request))));
    },
  });

  r.get('/payments/payouts/revenue-share', {
    config: { access: { permission: 'Payouts_View', location: 'query.locationId' } },
    schema: {
      tags,
      summary: "The revenue share in force and its history ('customerRevenueShare not found' when none)",
      querystring: payoutsLocationQuerySchema,
      response: { 200: revenueShareResponseSchema, ...errorResponses },
    },
    handler: (request) => ledger.revenueShare(request.query.locationId),
  });

  r.put('/payments/payouts/revenue-share', {
    config: { access: { permission: 'Deals_Create', location: 'body.locationId' } },
    schema: {
      tags,
      summary: 'A new revenue share from a moment on; revenue that waited for a share is split by it',
      body: revenueShareBodySchema,
      response: { 200: revenueShareResponseSchema, ...errorResponses },
    },
    handler: (request) => ledger.setRevenueShare(actorOf(request), request.body),
  });

  r.get('/payments/payouts/deals', {
    config: { access: { permission: 'Payouts_View', location: 'query.locationId' } },
    schema: {
      tags,
      summary: 'Deals of a location',
      querystring: payoutsLocationQuerySchema,
      response: { 200: dealListResponseSchema, ...errorResponses },
    },
    handler: async (request) => ({ items: await ledger.listDeals(request.query.locationId) }),
  });

  r.post('/payments/payouts/deals', {
    config: { access: { permission: 'Deals_Create', location: 'body.locationId' } },
    schema: {
      tags,
      summary: 'Add a deal: a revenue share for a term, or a fixed monthly fee for a term',
      body: dealBodySchema,
      response: { 200: dealAddedResponseSchema, ...errorResponses },
    },
    handler: async (request) => ({ responseCode: 200, msg: [successMessages.dealAdded], deal: await ledger.addDeal(actorOf(request), request.body) }),
  });

  r.post('/payments/payouts/refunds', {
    config: { access: { permission: 'Payouts_Transfer', location: 'body.locationId' } },
    schema: {
      tags,
      summary: 'Refund (part of) a priced session: reverses its revenue and shares in the ledger; the same idempotency key records it once',
      body: refundBodySchema,
      response: { 200: refundResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      const { refund, repeated } = await refunds.refund(actorOf(request), request.body);
      return { responseCode: 200, msg: [repeated ? 'refund already recorded' : 'refund recorded'], refund };
    },
  });
};
