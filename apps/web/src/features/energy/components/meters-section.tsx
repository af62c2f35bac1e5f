import type { Meter } from '@wattdesk/shared/schemas/utility';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadErrorAlert } from '../../../components/errors/load-error-alert.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useT } from '../../../i18n/use-t.ts';
import { useCan } from '../../../lib/can.tsx';
import { useMeters, useRemoveMeter } from '../api/meters-api.ts';
import { energyText } from '../energy-text.ts';
import { MeterDialog } from './meter-dialog.tsx';
import { Section } from './section.tsx';

/** Meters of the location (spec section 7's "meters"): list, add and change in a dialog, remove after a confirmation. */
export const MetersSection = ({ locationId }: { locationId: string }) => {
  const canChange = useCan()('Utility_Config_Update');
  const meters = useMeters(locationId);
  const remove = useRemoveMeter();
  const t = useT(energyText);
  const [editing, setEditing] = useState<Meter | 'new' | null>(null);
  const [removing, setRemoving] = useState<Meter | null>(null);
  return (
    <Section
      title={t('meters.title')}
      actions={
        canChange ? (
          <Button variant="contained" onClick={() => setEditing('new')}>
            {t('meters.add')}
          </Button>
        ) : null
      }
    >
      {meters.isPending ? <PageLoader label={t('meters.loading')} /> : null}
      {meters.isError ? <LoadErrorAlert subject={t('meters.loadSubject')} error={meters.error} onRetry={() => void meters.refetch()} /> : null}
      {meters.data && meters.data.items.length === 0 ? (
        <EmptyState title={t('meters.empty')}>{canChange ? t('meters.emptyHint') : null}</EmptyState>
      ) : null}
      {meters.data?.items.length ? (
        <Stack component="ul" aria-label={t('meters.listLabel')} spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {meters.data.items.map((meter) => (
            <Stack component="li" key={meter.id} direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'center' } }}>
              <Typography sx={{ flex: 1 }}>
                <strong>{meter.meterNumber}</strong> · {t(`meters.kind.${meter.utility}`)} · {meter.unit}
                {meter.note ? ` · ${meter.note}` : ''}
              </Typography>
              {canChange ? (
                <>
                  <Button size="small" onClick={() => setEditing(meter)} aria-label={t('meters.changeLabel', { number: meter.meterNumber })}>
                    {t('meters.change')}
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    onClick={() => setRemoving(meter)}
                    aria-label={t('meters.removeLabel', { number: meter.meterNumber })}
                  >
                    {t('meters.remove')}
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
        title={t('meters.removeTitle')}
        confirmLabel={t('meters.removeConfirm')}
        isDestructive
        isBusy={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing.id, { onSettled: () => setRemoving(null) })}
      >
        {removing ? t('meters.removeText', { number: removing.meterNumber }) : null}
      </ConfirmDialog>
    </Section>
  );
};
