import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { companyBodySchema, type Company, type CompanyBody, type CompanyFields } from '@wattdesk/shared/schemas/company';
import { useForm } from 'react-hook-form';
import { ApiError } from '../../../lib/api-error.ts';
import { useSaveCompany } from '../api/company-api.ts';
import { FormTextField } from './form-text-field.tsx';
import { useT } from '../../../i18n/use-t.ts';
import { accountText, type AccountKey } from '../account-text.ts';

const EMPTY: CompanyBody = { name: '', addressLine1: '', addressLine2: '', city: '', state: '', zipCode: '', taxId: '', email: '', phone: '' };

const valuesOf = (company: Company | null): CompanyBody =>
  company
    ? {
        name: company.name,
        addressLine1: company.addressLine1,
        addressLine2: company.addressLine2,
        city: company.city,
        state: company.state,
        zipCode: company.zipCode,
        taxId: company.taxId,
        email: company.email,
        phone: company.phone,
      }
    : EMPTY;

/** Name, address, tax id and contact of the location's company, checked with the server's schema. */
export const CompanyForm = ({ locationId, company, isReadOnly }: { locationId: string; company: Company | null; isReadOnly: boolean }) => {
  const save = useSaveCompany();
  const t = useT(accountText);
  const { control, handleSubmit } = useForm<CompanyBody, unknown, CompanyFields>({
    resolver: zodResolver(companyBodySchema),
    values: valuesOf(company),
  });
  const field = (name: keyof CompanyBody, label: AccountKey, extra: { type?: 'email' | 'tel'; autoComplete?: string } = {}) => (
    <FormTextField control={control} name={name} label={t(label)} isDisabled={isReadOnly} {...extra} />
  );
  return (
    <Box
      component="form"
      aria-label={t('company.form')}
      noValidate
      onSubmit={handleSubmit((fields) => save.mutate({ locationId, ...fields }))}
      sx={{ maxWidth: 560 }}
    >
      {save.error ? (
        <Alert severity="error">
          {/* A 400 carries each field's message: show them all, as the password form does. */}
          {(save.error instanceof ApiError ? save.error.messages : [save.error.message]).map((message) => (
            <div key={message}>{message}</div>
          ))}
        </Alert>
      ) : null}
      {field('name', 'company.name', { autoComplete: 'organization' })}
      {field('addressLine1', 'company.addressLine1', { autoComplete: 'address-line1' })}
      {field('addressLine2', 'company.addressLine2', { autoComplete: 'address-line2' })}
      <Box sx={{ display: 'grid', gridTemplateColumns: { sm: '2fr 1fr 1fr' }, columnGap: 2 }}>
        {field('city', 'company.city', { autoComplete: 'address-level2' })}
        {field('state', 'company.state', { autoComplete: 'address-level1' })}
        {field('zipCode', 'company.zipCode', { autoComplete: 'postal-code' })}
      </Box>
      {field('taxId', 'company.taxId')}
      <Box sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 1fr' }, columnGap: 2 }}>
        {field('email', 'company.email', { type: 'email', autoComplete: 'email' })}
        {field('phone', 'company.phone', { type: 'tel', autoComplete: 'tel' })}
      </Box>
      {isReadOnly ? null : (
        <Button type="submit" variant="contained" sx={{ mt: 1 }} loading={save.isPending}>
          {t('company.save')}
        </Button>
      )}
    </Box>
  );
};
