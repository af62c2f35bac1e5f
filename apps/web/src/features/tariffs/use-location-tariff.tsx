import type { TariffOverview } from '@wattdesk/shared/schemas/tariffs';
import type { ReactNode } from 'react';
import { ChooseLocation } from '../../components/choose-location.tsx';
import { LoadErrorAlert } from '../../components/errors/load-error-alert.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { useSelectedLocation } from '../../lib/selected-location-store.ts';
import { useTariffOverview } from './api/tariffs-api.ts';

const Loaded = ({ locationId, subject, children }: { locationId: string; subject: string; children: (tariff: TariffOverview) => ReactNode }) => {
  const overview = useTariffOverview(locationId);
  if (overview.isPending) return <PageLoader label={`Loading the ${subject.toLowerCase()}`} />;
  if (overview.isError)
    return <LoadErrorAlert subject={`The ${subject.toLowerCase()}`} error={overview.error} onRetry={() => void overview.refetch()} />;
  return children(overview.data);
};

/** The selected location's tariff for a fee screen: loading, errors and "choose a location" handled once. */
export const WithLocationTariff = ({
  subject,
  purpose,
  children,
}: {
  subject: string;
  purpose: string;
  children: (tariff: TariffOverview) => ReactNode;
}) => {
  const locationId = useSelectedLocation((state) => state.locationId);
  if (!locationId) return <ChooseLocation purpose={purpose} />;
  return (
    <Loaded key={locationId} locationId={locationId} subject={subject}>
      {children}
    </Loaded>
  );
};
