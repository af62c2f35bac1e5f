import type {
  availabilityBodySchema,
  CommandResult,
  diagnosticsBodySchema,
  remoteStartBodySchema,
  remoteStopBodySchema,
  resetBodySchema,
  unlockBodySchema,
} from '@wattdesk/shared/schemas/charging';
import type { z } from 'zod';
import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { useT } from '../../../i18n/use-t.ts';
import { api } from '../../../lib/api-client.ts';
import { notifyInfo, notifySuccess } from '../../../lib/notify.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';
import { chargersText } from '../chargers-text.ts';

/** The remote actions, each its own route (`POST /web/chargers/:id/<action>`) with its body schema from packages/shared. */
export type RemoteActionRequest =
  | { action: 'reset'; body: z.input<typeof resetBodySchema> }
  | { action: 'unlock'; body: z.input<typeof unlockBodySchema> }
  | { action: 'remote-start'; body: z.input<typeof remoteStartBodySchema> }
  | { action: 'remote-stop'; body: z.input<typeof remoteStopBodySchema> }
  | { action: 'availability'; body: z.input<typeof availabilityBodySchema> }
  | { action: 'diagnostics'; body: z.input<typeof diagnosticsBodySchema> };

/** What the server counts as the charger doing what was asked (GetDiagnostics answers Accepted with a file). */
const POSITIVE_STATUSES = ['Accepted', 'Unlocked', 'Scheduled'];

export const runRemoteAction = (id: string, request: RemoteActionRequest) =>
  api.post<CommandResult>(`/chargers/${id}/${request.action}`, request.body);

/**
 * A remote action with the server's own words as the toast: the charger's answer (a tick when it did as asked); on failure
 * (offline, no answer, refused) the query client's error toast shows the server's message.
 */
export const useRemoteAction = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: queryKeys.chargers.commands(id),
    mutationFn: (request: RemoteActionRequest) => runRemoteAction(id, request),
    onSuccess: (result) => {
      const message = result.msg[0] ?? result.status;
      if (POSITIVE_STATUSES.includes(result.status)) notifySuccess(message);
      else notifyInfo(message);
      // Not awaited: the charger's answer is the outcome, and its dialog closes with the toast. What the charger does
      // next (a stop, a reboot) arrives later by the live feed; waiting for these refetches kept the confirmation open
      // for seconds on a busy server after the toast had said Accepted.
      void queryClient.invalidateQueries({ queryKey: queryKeys.chargers.detail(id) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.chargers.eventsOf(id) });
    },
  });
};

export const resetOcppPassword = (id: string) =>
  api.post<{ responseCode: number; msg: string[]; ocppPassword: string }>(`/chargers/${id}/ocpp-password`);

/** A new OCPP password, shown once; counted among the charger's commands so its dialog shows the answer. */
export const useResetOcppPassword = (id: string) =>
  useMutation({ mutationKey: queryKeys.chargers.commands(id), mutationFn: () => resetOcppPassword(id) });

export type CommandOutcome = { isError: boolean; message: string; at: number };

/** The answer to the latest command sent to this charger from this tab (success or failure), if any. */
export const useLastCommandOutcome = (id: string): CommandOutcome | undefined => {
  const t = useT(chargersText);
  return useMutationState({
    filters: {
      mutationKey: queryKeys.chargers.commands(id),
      predicate: (mutation) => mutation.state.status === 'success' || mutation.state.status === 'error',
    },
    select: (mutation): CommandOutcome => {
      const { data, error, submittedAt } = mutation.state;
      const message = error
        ? error instanceof Error
          ? error.message
          : t('command.failed')
        : ((data as { msg?: string[] } | undefined)?.msg?.[0] ?? t('command.done'));
      return { isError: Boolean(error), message, at: submittedAt };
    },
  }).reduce<CommandOutcome | undefined>((latest, outcome) => (!latest || outcome.at >= latest.at ? outcome : latest), undefined);
};
