import {
  AppError,
  bankAccountSavedSchema,
  bankAccountStatusSchema,
  bankLinkTokenBodySchema,
  bankLinkTokenSchema,
  bankLocationQuerySchema,
  okResponseSchema,
  sandboxInstitutionsSchema,
  sandboxLinkAnswerSchema,
  sandboxLinkBodySchema,
  saveBankAccountBodySchema,
  successMessages,
} from '@wattdesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/audit.ts';
import { authOf } from '../../lib/request-auth.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import type { BankAccountService } from './bank-account.service.ts';
import { SANDBOX_INSTITUTIONS } from './plaid-sandbox-data.ts';
import type { PlaidSandbox } from './plaid-sandbox.ts';

const providerErrors = { ...errorResponses, 502: errorResponses[503] };
const tags = ['payments'];

/** The bank account a location's payouts are paid into, linked through Plaid (menu payouts-account-details). */
export const bankAccountRoutes = async (app: FastifyInstance, { bankAccounts }: { bankAccounts: BankAccountService }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/payments/bank-account', {
    config: { access: { permission: 'Payouts_Account_View', location: 'query.locationId' } },
    schema: {
      tags,
      summary: "The location's bank account: bank name, last four digits and type only",
      querystring: bankLocationQuerySchema,
      response: { 200: bankAccountStatusSchema, ...errorResponses },
    },
    handler: (request) => bankAccounts.status(request.query.locationId),
  });

  r.post('/payments/bank-account/link-token', {
    config: { access: { permission: 'Bank_Account_Update', location: 'body.locationId' } },
    schema: {
      tags,
      summary: 'A Plaid Link token to open Link with (the local sandbox Link when the server has no Plaid keys)',
      body: bankLinkTokenBodySchema,
      response: { 200: bankLinkTokenSchema, ...providerErrors },
    },
    handler: (request) => bankAccounts.linkToken(authOf(request), request.body.locationId),
  });

  r.post('/payments/bank-account', {
    config: { access: { permission: 'Bank_Account_Update', location: 'body.locationId' } },
    schema: {
      tags,
      summary: "Save the location's first bank account from Link's public token (exchanged with Plaid on the server)",
      body: saveBankAccountBodySchema,
      response: { 200: bankAccountSavedSchema, ...providerErrors },
    },
    handler: async (request) => {
      const account = await bankAccounts.save(authOf(request), actorOf(request), request.body);
      return { responseCode: 200, msg: [successMessages.bankAccountSaved], account };
    },
  });

  r.put('/payments/bank-account', {
    config: { access: { permission: 'Bank_Account_Update', location: 'body.locationId' } },
    schema: {
      tags,
      summary: "Replace the location's bank account with the one just linked; the previous Item is removed at Plaid",
      body: saveBankAccountBodySchema,
      response: { 200: bankAccountSavedSchema, ...providerErrors },
    },
    handler: async (request) => {
      const account = await bankAccounts.update(authOf(request), actorOf(request), request.body);
      return { responseCode: 200, msg: [successMessages.bankAccountUpdated], account };
    },
  });

  r.delete('/payments/bank-account', {
    config: { access: { permission: 'Bank_Account_Update', location: 'query.locationId' } },
    schema: {
      tags,
      summary: "Remove the location's bank account (and our access to it at Plaid)",
      querystring: bankLocationQuerySchema,
      response: { 200: okResponseSchema, ...providerErrors },
    },
    handler: async (request) => {
      await bankAccounts.remove(actorOf(request), request.query.locationId);
      return { responseCode: 200, msg: [successMessages.bankAccountRemoved] };
    },
  });
};

/**
 * The local sandbox's Link (registered only without Plaid keys): the institutions to pick from, and signing
 * in to one, which answers a public token and Link's metadata the way Plaid Link's onSuccess does.
 */
export const plaidSandboxRoutes = async (app: FastifyInstance, { sandbox }: { sandbox: PlaidSandbox }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/payments/plaid-sandbox/institutions', {
    config: { access: { permission: 'Bank_Account_Update' } },
    schema: { tags, summary: "The sandbox's banks and what each does", response: { 200: sandboxInstitutionsSchema, ...errorResponses } },
    handler: () => ({ institutions: SANDBOX_INSTITUTIONS.map(({ institutionId, name, note }) => ({ institutionId, name, note })) }),
  });

  r.post('/payments/plaid-sandbox/link', {
    config: { access: { permission: 'Bank_Account_Update' } },
    schema: {
      tags,
      summary: 'Sign in to a sandbox bank (user_good / pass_good): a public token and the accounts, as Link reports them',
      body: sandboxLinkBodySchema,
      response: { 200: sandboxLinkAnswerSchema, ...errorResponses },
    },
    handler: async (request) => {
      const result = await sandbox.signIn(request.body);
      if (result.error !== undefined) throw new AppError('PLAID_SANDBOX_LOGIN_FAILED', { messages: [result.error] });
      return {
        publicToken: result.publicToken,
        institution: { institutionId: result.institution.institutionId, name: result.institution.name },
        accounts: result.accounts.map((entry) => ({
          id: entry.account_id,
          name: entry.name,
          mask: entry.mask,
          type: entry.type,
          subtype: entry.subtype,
        })),
      };
    },
  });
};
