import type { OkResponse } from '@wattdesk/shared/schemas/common';
import type {
  BankAccountSaved,
  BankAccountStatus,
  BankLinkToken,
  SandboxInstitutions,
  SandboxLinkAnswer,
  SandboxLinkBody,
  SaveBankAccountBody,
} from '@wattdesk/shared/schemas/bank-accounts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getBankAccount = (locationId: string) => api.get<BankAccountStatus>('/payments/bank-account', { query: { locationId } });
export const createLinkToken = (locationId: string) => api.post<BankLinkToken>('/payments/bank-account/link-token', { locationId });
export const saveBankAccount = (body: SaveBankAccountBody) => api.post<BankAccountSaved>('/payments/bank-account', body);
export const updateBankAccount = (body: SaveBankAccountBody) => api.put<BankAccountSaved>('/payments/bank-account', body);
export const removeBankAccount = (locationId: string) => api.delete<OkResponse>('/payments/bank-account', { query: { locationId } });
export const getSandboxInstitutions = () => api.get<SandboxInstitutions>('/payments/plaid-sandbox/institutions');
export const signInToSandboxBank = (body: SandboxLinkBody) => api.post<SandboxLinkAnswer>('/payments/plaid-sandbox/link', body);

export const bankAccountQuery = (locationId: string) =>
  queryOptions({ queryKey: queryKeys.bankAccount(locationId), queryFn: () => getBankAccount(locationId) });

export const useBankAccount = (locationId: string | undefined) => useQuery({ ...bankAccountQuery(locationId ?? ''), enabled: Boolean(locationId) });

export const useSandboxInstitutions = () =>
  useQuery({ queryKey: queryKeys.plaidSandboxInstitutions, queryFn: getSandboxInstitutions, staleTime: Infinity });

/** The screen shows these errors itself, with Plaid's reason under the spec's message. */
export const useCreateLinkToken = () => useMutation({ mutationFn: createLinkToken, meta: { errorHandled: true } });
export const useSignInToSandboxBank = () => useMutation({ mutationFn: signInToSandboxBank, meta: { errorHandled: true } });

const useInvalidatingMutation = <T, V extends { locationId: string } | string>(mutationFn: (variables: V) => Promise<T>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { errorHandled: true },
    onSuccess: (_result, variables) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.bankAccount(typeof variables === 'string' ? variables : variables.locationId) }),
  });
};

export const useSaveBankAccount = () => useInvalidatingMutation(saveBankAccount);
export const useUpdateBankAccount = () => useInvalidatingMutation(updateBankAccount);
export const useRemoveBankAccount = () => useInvalidatingMutation(removeBankAccount);
