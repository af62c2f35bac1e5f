import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  connectRoamingPartnerBodySchema,
  invitedRoamingPartnerSchema,
  inviteRoamingPartnerBodySchema,
  RoamingPartner,
  roamingPartnerListSchema,
} from '@wattdesk/shared/schemas/roaming';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.tsx';
import { useT } from '../../../i18n/use-t.ts';
import { roamingText } from '../roaming-text.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type InviteRoamingPartnerBody = z.input<typeof inviteRoamingPartnerBodySchema>;
export type ConnectRoamingPartnerBody = z.input<typeof connectRoamingPartnerBodySchema>;
export type InvitedRoamingPartner = z.infer<typeof invitedRoamingPartnerSchema>;
type PartnerList = z.infer<typeof roamingPartnerListSchema>;
type PartnerAnswer = { partner: RoamingPartner };

export const getRoamingPartners = (signal?: AbortSignal) => api.get<PartnerList>('/roaming/partners', signal ? { signal } : {});

export const roamingPartnerQueries = {
  list: () => queryOptions({ queryKey: queryKeys.roaming.partners, queryFn: ({ signal }) => getRoamingPartners(signal) }),
};

export const useRoamingPartners = () => useQuery(roamingPartnerQueries.list());

/** Every partner change shows in the list and in the partner's pushes, so all of them refetch. */
const usePartnerChange = <V, R>(mutationFn: (variables: V) => Promise<R>, success?: (result: R) => string, errorHandled = false) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { errorHandled },
    onSuccess: async (result) => {
      if (success) notifySuccess(success(result));
      await queryClient.invalidateQueries({ queryKey: queryKeys.roaming.all });
    },
  });
};

/** The dialog shows the token (once) and any refusal itself. */
export const useInviteRoamingPartner = () =>
  usePartnerChange((body: InviteRoamingPartnerBody) => api.post<InvitedRoamingPartner>('/roaming/partners', body), undefined, true);

/** The dialog shows the server's refusal (an unreachable URL, a token the partner refused). */
export const useConnectRoamingPartner = () => {
  const t = useT(roamingText);
  return usePartnerChange(
    (body: ConnectRoamingPartnerBody) => api.post<PartnerAnswer>('/roaming/partners/connect', body),
    ({ partner }) => t('toast.connected', { name: partner.name }),
    true,
  );
};

export type PartnerAction = 'suspend' | 'resume' | 'reregister';

export const usePartnerAction = () => {
  const t = useT(roamingText);
  return usePartnerChange(
    ({ partner, action }: { partner: RoamingPartner; action: PartnerAction }) =>
      api.post<PartnerAnswer>(`/roaming/partners/${partner.id}/${action}`).then(() => ({ partner, action })),
    ({ partner, action }) => t(`toast.${action}`, { name: partner.name }),
  );
};

export const useRemovePartner = () => {
  const t = useT(roamingText);
  return usePartnerChange(
    (partner: RoamingPartner) => api.delete(`/roaming/partners/${partner.id}`).then(() => partner),
    (partner) => t('toast.remove', { name: partner.name }),
  );
};
