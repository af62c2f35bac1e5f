import type { TariffOverview } from '@wattdesk/shared/schemas/tariffs';
import { formatMinor } from '@wattdesk/shared/pricing/money';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { PageHeader } from '../../components/page-header.tsx';
import { Can, useCan } from '../../lib/can.tsx';
import { useSaveDefaultSessionFee, useSaveOtherFees } from './api/tariffs-api.ts';
import { MoneyField, Section } from './components/form-parts.tsx';
import { minorText, useMoneyReader } from './money-text.ts';
import { useRateWords } from './rates-text.ts';
import { WithLocationTariff } from './use-location-tariff.tsx';

const SessionFeeForm = ({ tariff }: { tariff: TariffOverview }) => {
  const isReadOnly = !useCan()('Fees_Update');
  const { currency, defaultSessionFee } = tariff;
  const usesDefault = tariff.current?.sessionFeeIsDefault ?? true;
  const [choice, setChoice] = useState<'default' | 'own'>(usesDefault ? 'default' : 'own');
  const [own, setOwn] = useState(usesDefault ? '' : minorText(tariff.current?.sessionFee, currency));
  const save = useSaveOtherFees();
  const { t } = useRateWords();
  const { readMinor } = useMoneyReader();
  const amount = choice === 'own' ? readMinor(own, currency, t('other.sessionFee')) : { value: null };
  return (
    <Section title={t('other.sessionFee')}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('other.intro')}
      </Typography>
      <RadioGroup aria-label={t('other.sessionFee')} value={choice} onChange={(event) => setChoice(event.target.value as 'default' | 'own')}>
        <FormControlLabel
          value="default"
          disabled={isReadOnly}
          control={<Radio />}
          label={t('other.networkDefault', { amount: formatMinor(defaultSessionFee, currency) })}
        />
        <FormControlLabel value="own" disabled={isReadOnly} control={<Radio />} label={t('other.own')} />
      </RadioGroup>
      {choice === 'own' ? (
        <Box sx={{ mt: 1 }}>
          <MoneyField
            label={t('other.sessionFee')}
            currency={currency}
            value={own}
            onChange={setOwn}
            error={'error' in amount ? amount.error : undefined}
            disabled={isReadOnly}
          />
        </Box>
      ) : null}
      {isReadOnly ? null : (
        <Button
          variant="contained"
          sx={{ mt: 2, display: 'block' }}
          disabled={'error' in amount && Boolean(amount.error)}
          loading={save.isPending}
          onClick={() => save.mutate({ locationId: tariff.locationId, sessionFee: amount.value ?? null })}
        >
          {t('other.save')}
        </Button>
      )}
    </Section>
  );
};

/** The network default of the location's currency: only who reaches the whole network sets it. */
const DefaultFeeForm = ({ tariff }: { tariff: TariffOverview }) => {
  const [text, setText] = useState(minorText(tariff.defaultSessionFee, tariff.currency));
  const save = useSaveDefaultSessionFee();
  const { t } = useRateWords();
  const { readMinor } = useMoneyReader();
  const amount = readMinor(text, tariff.currency, t('other.defaultField'));
  return (
    <Section title={t('other.defaultTitle', { currency: tariff.currency })}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('other.defaultIntro', { currency: tariff.currency })}
      </Typography>
      <MoneyField label={t('other.defaultField')} currency={tariff.currency} value={text} onChange={setText} error={amount.error} />
      <Button
        variant="contained"
        sx={{ mt: 2, display: 'block' }}
        disabled={Boolean(amount.error)}
        loading={save.isPending}
        onClick={() => save.mutate({ currency: tariff.currency, amount: amount.value ?? 0 })}
      >
        {t('other.saveDefault')}
      </Button>
    </Section>
  );
};

/** Other Fees (menu other-fees): the session fee of the location and the network default (spec's otherFees). */
export const OtherFeesPage = () => {
  const { t } = useRateWords();
  return (
    <>
      <PageHeader title={t('other.title')} subtitle={t('other.subtitle')} />
      <WithLocationTariff loading={t('other.loading')} subject={t('other.loadSubject')} purpose={t('other.purpose')}>
        {(tariff) => (
          <>
            <SessionFeeForm key={`${tariff.current?.id ?? 'none'}:${tariff.defaultSessionFee}`} tariff={tariff} />
            <Can permission="Fees_Default_Update">
              <DefaultFeeForm key={`${tariff.currency}:${tariff.defaultSessionFee}`} tariff={tariff} />
            </Can>
          </>
        )}
      </WithLocationTariff>
    </>
  );
};

export default OtherFeesPage;
