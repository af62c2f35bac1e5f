import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateFirmwareCampaignInput,
  FirmwareCampaignAction,
  FirmwareCampaignList,
  FirmwareCampaignReport,
} from '@wattdesk/shared/schemas/firmware-campaigns';
import { api } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useT } from '../../../i18n/use-t.ts';
import { firmwareText } from '../firmware-text.ts';

const keys = queryKeys.firmwareCampaigns;
/** A campaign moves on its own: its views look again every few seconds while it runs. */
const LIVE_MS = 3000;

export const getCampaigns = (locationId: string, signal?: AbortSignal) =>
  api.get<FirmwareCampaignList>('/firmware/campaigns', { query: { locationId }, ...(signal ? { signal } : {}) }).then((answer) => answer.items);

export const getCampaign = (id: string, signal?: AbortSignal) =>
  api.get<FirmwareCampaignReport>(`/firmware/campaigns/${id}`, signal ? { signal } : {});

export const campaignQueries = {
  list: (locationId: string) =>
    queryOptions({ queryKey: keys.list(locationId), queryFn: ({ signal }) => getCampaigns(locationId, signal), refetchInterval: LIVE_MS }),
  detail: (id: string) =>
    queryOptions({
      queryKey: keys.detail(id),
      queryFn: ({ signal }) => getCampaign(id, signal),
      refetchInterval: (query) => (query.state.data?.status === 'running' || query.state.data?.status === 'paused' ? LIVE_MS : false),
    }),
};

export const useCampaigns = (locationId: string) => useQuery(campaignQueries.list(locationId));
export const useCampaign = (id: string) => useQuery(campaignQueries.detail(id));

export const useStartCampaign = () => {
  const queryClient = useQueryClient();
  const t = useT(firmwareText);
  return useMutation({
    mutationFn: (body: CreateFirmwareCampaignInput) => api.post<FirmwareCampaignReport>('/firmware/campaigns', body),
    onSuccess: async (campaign) => {
      notifySuccess(t('toast.campaignStarted', { version: campaign.version, count: campaign.counts.total }));
      await queryClient.invalidateQueries({ queryKey: keys.all });
    },
  });
};

const DONE = { pause: 'toast.paused', resume: 'toast.resumed', abort: 'toast.aborted', retry: 'toast.retried' } as const satisfies Record<
  FirmwareCampaignAction,
  string
>;

export const useCampaignAction = () => {
  const queryClient = useQueryClient();
  const t = useT(firmwareText);
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: FirmwareCampaignAction }) =>
      api.post<FirmwareCampaignReport>(`/firmware/campaigns/${id}/${action}`, {}).then((report) => ({ report, action })),
    onSuccess: async ({ report, action }) => {
      notifySuccess(t(DONE[action]));
      queryClient.setQueryData(keys.detail(report.id), report);
      await queryClient.invalidateQueries({ queryKey: keys.all });
    },
  });
};
