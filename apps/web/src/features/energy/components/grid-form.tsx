import { type gridConnectionSchema, updateGridBodySchema, type DpoOverview, type SupplyUnit } from '@wattdesk/shared/schemas/energy';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useSentence } from '../../../i18n/sentences.ts';
import { useT } from '../../../i18n/use-t.ts';
import { useSaveGrid } from '../api/dpo-api.ts';
import { energyText } from '../energy-text.ts';
import { formatKw, Section } from './section.tsx';

/** The grid connection (Power_Grid): what the building's supply can give, which caps every charger (ChargePointMaxProfile). */
export const GridForm = ({ overview, isReadOnly }: { overview: DpoOverview; isReadOnly: boolean }) => {
  const grid = overview.grid;
  const [unit, setUnit] = useState<SupplyUnit>(grid?.supplyUnit ?? 'A');
  const [capacity, setCapacity] = useState(grid ? String(grid.supplyCapacity) : '');
  const [phases, setPhases] = useState<1 | 3>(grid?.phases ?? 3);
  const [voltage, setVoltage] = useState(String(grid?.voltage ?? 230));
  const [isConfirming, setConfirming] = useState(false);
  const save = useSaveGrid();
  const t = useT(energyText);
  const sentence = useSentence();
  const parsed = updateGridBodySchema.safeParse({
    locationId: overview.locationId,
    supplyUnit: unit,
    supplyCapacity: capacity.trim() === '' ? Number.NaN : Number(capacity),
    phases,
    voltage: Number(voltage),
  });
  const errorAt = (field: keyof typeof gridConnectionSchema.shape) => {
    const message = parsed.success ? undefined : parsed.error.issues.find((issue) => issue.path[0] === field)?.message;
    return message === undefined ? undefined : sentence(message);
  };

  return (
    <Section title={t('grid.title')}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('grid.capacity', { capacity: formatKw(overview.gridCapacityKw) })}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          size="small"
          label={t('grid.unit')}
          value={unit}
          onChange={(event) => setUnit(event.target.value as SupplyUnit)}
          disabled={isReadOnly}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="A">{t('grid.amps')}</MenuItem>
          <MenuItem value="kW">{t('grid.kw')}</MenuItem>
        </TextField>
        <TextField
          size="small"
          label={t(unit === 'A' ? 'grid.capacityAmps' : 'grid.capacityKw')}
          value={capacity}
          onChange={(event) => setCapacity(event.target.value)}
          error={capacity !== '' && Boolean(errorAt('supplyCapacity'))}
          helperText={capacity !== '' ? errorAt('supplyCapacity') : undefined}
          disabled={isReadOnly}
        />
        <TextField
          select
          size="small"
          label={t('grid.phases')}
          value={phases}
          onChange={(event) => setPhases(Number(event.target.value) === 1 ? 1 : 3)}
          disabled={isReadOnly}
        >
          <MenuItem value={1}>1</MenuItem>
          <MenuItem value={3}>3</MenuItem>
        </TextField>
        <TextField
          size="small"
          label={t('grid.voltage')}
          value={voltage}
          onChange={(event) => setVoltage(event.target.value)}
          error={Boolean(errorAt('voltage'))}
          helperText={errorAt('voltage')}
          disabled={isReadOnly}
        />
      </Stack>
      {isReadOnly ? null : (
        <Button variant="contained" sx={{ mt: 2 }} disabled={!parsed.success} onClick={() => setConfirming(true)}>
          {t('grid.save')}
        </Button>
      )}
      <ConfirmDialog
        open={isConfirming}
        title={t('grid.confirmTitle')}
        confirmLabel={t('grid.confirmButton')}
        isBusy={save.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          if (parsed.success) save.mutate(parsed.data, { onSettled: () => setConfirming(false) });
        }}
      >
        {t('grid.confirmText')}
      </ConfirmDialog>
    </Section>
  );
};
