import type { TariffOverview } from '@wattdesk/shared/schemas/tariffs';
import type { ViolationRules } from '@wattdesk/shared/pricing/types';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { useState } from 'react';
import { useCan } from '../../../lib/can.tsx';
import { useSaveViolationRules } from '../api/tariffs-api.ts';
import { useT } from '../../../i18n/use-t.ts';
import { minorText, useMoneyReader } from '../money-text.ts';
import { violationsText } from '../violations-text.ts';
import { DurationSelect, MoneyField, Section } from './form-parts.tsx';

type RuleDraft = { on: boolean; minutes: number; fee: string };
const draftOf = (rule: ViolationRules['maxStay'], currency: string, minutes: number): RuleDraft =>
  rule ? { on: true, minutes: rule.minutes, fee: minorText(rule.fee, currency) } : { on: false, minutes, fee: '' };

const RuleRow = ({
  label,
  limit,
  draft,
  currency,
  error,
  isReadOnly,
  onChange,
}: {
  label: string;
  limit: string;
  draft: RuleDraft;
  currency: string;
  error: string | undefined;
  isReadOnly: boolean;
  onChange: (draft: RuleDraft) => void;
}) => {
  const t = useT(violationsText);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start', py: 1 }}>
      <FormControlLabel
        sx={{ minWidth: 220 }}
        control={<Checkbox checked={draft.on} disabled={isReadOnly} onChange={(_, on) => onChange({ ...draft, on })} />}
        label={label}
      />
      {draft.on ? (
        <>
          <DurationSelect label={limit} minutes={draft.minutes} disabled={isReadOnly} onChange={(minutes) => onChange({ ...draft, minutes })} />
          <MoneyField
            label={t('rules.fee')}
            currency={currency}
            value={draft.fee}
            error={error}
            disabled={isReadOnly}
            onChange={(fee) => onChange({ ...draft, fee })}
          />
        </>
      ) : null}
    </Box>
  );
};

/** The location's violation rules: a maximum stay and idle beyond a limit, each with its fee. */
export const ViolationRulesForm = ({ tariff }: { tariff: TariffOverview }) => {
  const isReadOnly = !useCan()('Violations_Update');
  const rules = tariff.current?.violationRules ?? { maxStay: null, idleLimit: null };
  const { currency } = tariff;
  const [maxStay, setMaxStay] = useState(draftOf(rules.maxStay, currency, 240));
  const [idleLimit, setIdleLimit] = useState(draftOf(rules.idleLimit, currency, 60));
  const save = useSaveViolationRules();
  const t = useT(violationsText);
  const { readMinor } = useMoneyReader();
  const read = (draft: RuleDraft) => (draft.on ? readMinor(draft.fee, currency, t('rules.fee')) : { value: undefined });
  const maxStayFee = read(maxStay);
  const idleFee = read(idleLimit);
  const canSave = !('error' in maxStayFee && maxStayFee.error) && !('error' in idleFee && idleFee.error);
  return (
    <Section title={t('rules.title')}>
      <RuleRow
        label={t('rule.max-stay')}
        limit={t('rules.longestStay')}
        draft={maxStay}
        currency={currency}
        error={'error' in maxStayFee ? maxStayFee.error : undefined}
        isReadOnly={isReadOnly}
        onChange={setMaxStay}
      />
      <RuleRow
        label={t('rules.idleLimit')}
        limit={t('rules.longestIdle')}
        draft={idleLimit}
        currency={currency}
        error={'error' in idleFee ? idleFee.error : undefined}
        isReadOnly={isReadOnly}
        onChange={setIdleLimit}
      />
      {isReadOnly ? null : (
        <Button
          variant="contained"
          sx={{ mt: 1 }}
          disabled={!canSave}
          loading={save.isPending}
          onClick={() =>
            save.mutate({
              locationId: tariff.locationId,
              maxStay: maxStay.on ? { minutes: maxStay.minutes, fee: maxStayFee.value ?? 0 } : null,
              idleLimit: idleLimit.on ? { minutes: idleLimit.minutes, fee: idleFee.value ?? 0 } : null,
            })
          }
        >
          {t('rules.save')}
        </Button>
      )}
    </Section>
  );
};
