import type { TariffOverview } from '@wattdesk/shared/schemas/tariffs';
import type { ReactNode } from 'react';
import { ChooseLocation } from '../../components/choose-location.tsx';
import { LoadErrorAlert } from '../../components/errors/load-error-alert.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { useSelectedLocation } from '../../lib/selected-location-store.ts';
import { useTariffOverview } from './api/tariffs-api.ts';

type Words = {
  /** "Loading the idle fees". */
  loading: string;
  /** "The idle fees" (… could not be loaded). */
  subject: string;
};

const Loaded = ({ locationId, words, children }: { locationId: string; words: Words; children: (tariff: TariffOverview) => ReactNode }) => {
  const overview = useTariffOverview(locationId);
  if (overview.isPending) return <PageLoader label={words.loading} />;
  if (overview.isError) return <LoadErrorAlert subject={words.subject} error={overview.error} onRetry={() => void overview.refetch()} />;
  return children(overview.data);
};

/** The selected location's tariff for a fee screen: loading, errors and "choose a location" handled once. */
export const WithLocationTariff = ({
  loading,
  subject,
  purpose,
  children,
}: Words & {
  purpose: string;
  children: (tariff: TariffOverview) => ReactNode;
}) => {
  const locationId = useSelectedLocation((state) => state.locationId);
  if (!locationId) return <ChooseLocation purpose={purpose} />;
  return (
    <Loaded key={locationId} locationId={locationId} words={{ loading, subject }}>
      {children}
    </Loaded>
  );
};
