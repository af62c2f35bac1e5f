import type { BalanceResponse, Refund, RefundBody, Transfer, TransferListResponse } from '@wattdesk/shared/schemas/payouts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, downloadFile } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type TransferPage = { locationId: string; page: number; pageSize: number };

export const getBalance = (locationId: string) => api.get<BalanceResponse>('/payments/payouts/balance', { query: { locationId } });
export const getTransfers = ({ locationId, page, pageSize }: TransferPage) =>
  api.get<TransferListResponse>('/payments/payouts/transfers', { query: { locationId, page, pageSize, sort: '-createdAt' } });
export const startTransfer = (locationId: string) => api.post<{ msg: string[]; transfer: Transfer }>('/payments/payouts/transfers', { locationId });
export const downloadStatement = (locationId: string, month: string, format: 'csv' | 'pdf') =>
  downloadFile('/payments/payouts/statement', { query: { locationId, month, format }, fallbackName: `payout-statement-${month}.${format}` });

export const balanceQuery = (locationId: string) =>
  queryOptions({ queryKey: queryKeys.payouts.balance(locationId), queryFn: () => getBalance(locationId), retry: false });
export const useBalance = (locationId: string) => useQuery(balanceQuery(locationId));

export const transfersQuery = (params: TransferPage) =>
  queryOptions({ queryKey: queryKeys.payouts.transfers(params), queryFn: () => getTransfers(params), placeholderData: keepPreviousData });
export const useTransfers = (params: TransferPage) => useQuery(transfersQuery(params));

/**
 * Pays the balance now; history and balance are read again whatever the outcome (a failure returns the money).
 * The reload is not awaited: the answer's toast and the dialog's closing would wait for it, on a busy server for
 * longer than the toast then stays (a CI run saw the transfer in the history and never its "transfer sent").
 */
export const useStartTransfer = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startTransfer,
    meta: { errorHandled: true },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.payouts.all }),
  });
};

export const postRefund = (body: RefundBody) => api.post<{ msg: string[]; refund: Refund }>('/payments/payouts/refunds', body);

/** A refund changes the balance (shares reversed, receivable written off): the payouts figures are read again. */
export const useRefundSession = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postRefund,
    meta: { errorHandled: true },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.payouts.all }),
  });
};
