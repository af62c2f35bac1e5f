import type { Meter } from '@wattdesk/shared/schemas/utility';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadErrorAlert } from '../../../components/errors/load-error-alert.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useCan } from '../../../lib/can.tsx';
import { useMeters, useRemoveMeter } from '../api/meters-api.ts';
import { MeterDialog } from './meter-dialog.tsx';
import { Section } from './section.tsx';

/** Meters of the location (spec section 7's "meters"): list, add and change in a dialog, remove after a confirmation. */
export const MetersSection = ({ locationId }: { locationId: string }) => {
  const canChange = useCan()('Utility_Config_Update');
  const meters = useMeters(locationId);
  const remove = useRemoveMeter();
  const [editing, setEditing] = useState<Meter | 'new' | null>(null);
  const [removing, setRemoving] = useState<Meter | null>(null);
  return (
    <Section
      title="Meters"
      actions={
        canChange ? (
          <Button variant="contained" onClick={() => setEditing('new')}>
            Add meter
          </Button>
        ) : null
      }
    >
      {meters.isPending ? <PageLoader label="Loading the meters" /> : null}
      {meters.isError ? <LoadErrorAlert subject="The meters" error={meters.error} onRetry={() => void meters.refetch()} /> : null}
      {meters.data && meters.data.items.length === 0 ? (
        <EmptyState title="No meter yet">{canChange ? 'Add the utility meters of this location.' : null}</EmptyState>
      ) : null}
      {meters.data?.items.length ? (
        <Stack component="ul" aria-label="Meters" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {meters.data.items.map((meter) => (
            <Stack component="li" key={meter.id} direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'center' } }}>
              <Typography sx={{ flex: 1 }}>
                <strong>{meter.meterNumber}</strong> · {meter.utility} · {meter.unit}
                {meter.note ? ` · ${meter.note}` : ''}
              </Typography>
              {canChange ? (
                <>
                  <Button size="small" onClick={() => setEditing(meter)} aria-label={`Change meter ${meter.meterNumber}`}>
                    Change
                  </Button>
                  <Button size="small" color="error" onClick={() => setRemoving(meter)} aria-label={`Remove meter ${meter.meterNumber}`}>
                    Remove
                  </Button>
                </>
              ) : null}
            </Stack>
          ))}
        </Stack>
      ) : null}
      {editing ? <MeterDialog locationId={locationId} meter={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={Boolean(removing)}
        title="Remove meter?"
        confirmLabel="Remove"
        isDestructive
        isBusy={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing.id, { onSettled: () => setRemoving(null) })}
      >
        {removing ? `Meter ${removing.meterNumber} is removed from this location.` : null}
      </ConfirmDialog>
    </Section>
  );
};
