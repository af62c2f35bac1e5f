import { type gridConnectionSchema, updateGridBodySchema, type DpoOverview, type SupplyUnit } from '@wattdesk/shared/schemas/energy';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useSaveGrid } from '../api/dpo-api.ts';
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
  const parsed = updateGridBodySchema.safeParse({
    locationId: overview.locationId,
    supplyUnit: unit,
    supplyCapacity: capacity.trim() === '' ? Number.NaN : Number(capacity),
    phases,
    voltage: Number(voltage),
  });
  const errorAt = (field: keyof typeof gridConnectionSchema.shape) =>
    parsed.success ? undefined : parsed.error.issues.find((issue) => issue.path[0] === field)?.message;

  return (
    <Section title="Power grid">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Grid capacity: {formatKw(overview.gridCapacityKw)}. No charger is allowed to draw more than this, and the charging limit never exceeds it.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          size="small"
          label="Supply given in"
          value={unit}
          onChange={(event) => setUnit(event.target.value as SupplyUnit)}
          disabled={isReadOnly}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="A">Amps per phase</MenuItem>
          <MenuItem value="kW">kW</MenuItem>
        </TextField>
        <TextField
          size="small"
          label={unit === 'A' ? 'Supply capacity (A per phase)' : 'Supply capacity (kW)'}
          value={capacity}
          onChange={(event) => setCapacity(event.target.value)}
          error={capacity !== '' && Boolean(errorAt('supplyCapacity'))}
          helperText={capacity !== '' ? errorAt('supplyCapacity') : undefined}
          disabled={isReadOnly}
        />
        <TextField
          select
          size="small"
          label="Phases"
          value={phases}
          onChange={(event) => setPhases(Number(event.target.value) === 1 ? 1 : 3)}
          disabled={isReadOnly}
        >
          <MenuItem value={1}>1</MenuItem>
          <MenuItem value={3}>3</MenuItem>
        </TextField>
        <TextField
          size="small"
          label="Voltage (V)"
          value={voltage}
          onChange={(event) => setVoltage(event.target.value)}
          error={Boolean(errorAt('voltage'))}
          helperText={errorAt('voltage')}
          disabled={isReadOnly}
        />
      </Stack>
      {isReadOnly ? null : (
        <Button variant="contained" sx={{ mt: 2 }} disabled={!parsed.success} onClick={() => setConfirming(true)}>
          Save grid connection
        </Button>
      )}
      <ConfirmDialog
        open={isConfirming}
        title="Save the grid connection?"
        confirmLabel="Save and apply"
        isBusy={save.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          if (parsed.success) save.mutate(parsed.data, { onSettled: () => setConfirming(false) });
        }}
      >
        While the limit is on, every charger at this location is told its new maximum at once.
      </ConfirmDialog>
    </Section>
  );
};
