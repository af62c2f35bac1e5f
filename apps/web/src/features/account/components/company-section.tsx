import Typography from '@mui/material/Typography';
import { LoadErrorAlert } from '../../../components/errors/load-error-alert.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useCan } from '../../../lib/can.tsx';
import { useSelectedLocation } from '../../../lib/selected-location-store.ts';
import { useCompany } from '../api/company-api.ts';
import { CompanyForm } from './company-form.tsx';
import { Section } from './section.tsx';

const CompanyOf = ({ locationId, isReadOnly }: { locationId: string; isReadOnly: boolean }) => {
  const company = useCompany(locationId);
  if (company.isPending) return <PageLoader label="Loading the company" />;
  if (company.isError) return <LoadErrorAlert subject="The company" error={company.error} onRetry={() => void company.refetch()} />;
  return <CompanyForm key={locationId} locationId={locationId} company={company.data.company} isReadOnly={isReadOnly} />;
};

/** The company behind the selected location; only for types holding Company_View, editable with Company_Update. */
export const CompanySection = () => {
  const can = useCan();
  const locationId = useSelectedLocation((state) => state.locationId);
  if (!can('Company_View')) return null;
  return (
    <Section title="Company" description="The organisation behind the selected location, as invoices and agreements name it.">
      {locationId ? (
        <CompanyOf locationId={locationId} isReadOnly={!can('Company_Update')} />
      ) : (
        <Typography color="text.secondary">Pick a location in the top bar to see its company.</Typography>
      )}
    </Section>
  );
};
