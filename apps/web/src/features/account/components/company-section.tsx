import Typography from '@mui/material/Typography';
import { LoadErrorAlert } from '../../../components/errors/load-error-alert.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useCan } from '../../../lib/can.tsx';
import { useSelectedLocation } from '../../../lib/selected-location-store.ts';
import { useCompany } from '../api/company-api.ts';
import { CompanyForm } from './company-form.tsx';
import { Section } from './section.tsx';
import { useT } from '../../../i18n/use-t.ts';
import { accountText } from '../account-text.ts';

const CompanyOf = ({ locationId, isReadOnly }: { locationId: string; isReadOnly: boolean }) => {
  const company = useCompany(locationId);
  const t = useT(accountText);
  if (company.isPending) return <PageLoader label={t('company.loading')} />;
  if (company.isError) return <LoadErrorAlert subject={t('company.loadSubject')} error={company.error} onRetry={() => void company.refetch()} />;
  return <CompanyForm key={locationId} locationId={locationId} company={company.data.company} isReadOnly={isReadOnly} />;
};

/** The company behind the selected location; only for types holding Company_View, editable with Company_Update. */
export const CompanySection = () => {
  const can = useCan();
  const t = useT(accountText);
  const locationId = useSelectedLocation((state) => state.locationId);
  if (!can('Company_View')) return null;
  return (
    <Section title={t('section.company')} description={t('section.companyDescription')}>
      {locationId ? (
        <CompanyOf locationId={locationId} isReadOnly={!can('Company_Update')} />
      ) : (
        <Typography color="text.secondary">{t('company.pickLocation')}</Typography>
      )}
    </Section>
  );
};
