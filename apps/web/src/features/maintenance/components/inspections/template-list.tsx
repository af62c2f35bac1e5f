import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { TEMPLATE_STATUS_FILTERS, type InspectionTemplate, type TemplateStatusFilter } from '@wattdesk/shared/schemas/inspections';
import { useState } from 'react';
import { ConfirmDialog } from '../../../../components/confirm-dialog.tsx';
import { useCan } from '../../../../lib/can.tsx';
import { useInspectionTemplates, useSetTemplateArchived } from '../../api/inspections-api.ts';
import { Section } from '../section.tsx';
import { useT } from '../../../../i18n/use-t.ts';
import { maintenanceText } from '../../maintenance-text.ts';

const questionCount = (template: InspectionTemplate) => template.sections.reduce((sum, section) => sum + section.questions.length, 0);

type Props = {
  locationId: string;
  onEdit: (template: InspectionTemplate | 'new') => void;
  onFillIn: (template: InspectionTemplate) => void;
};

/**
 * The location's templates, active ones first shown: an archived template is read-only (no edit, no fill-in)
 * and only comes back through Restore. Archiving asks first, since completed inspections name the template.
 */
export const TemplateList = ({ locationId, onEdit, onFillIn }: Props) => {
  const can = useCan();
  const t = useT(maintenanceText);
  const [status, setStatus] = useState<TemplateStatusFilter>('active');
  const templates = useInspectionTemplates(locationId, status);
  const setArchived = useSetTemplateArchived();
  const [archiving, setArchiving] = useState<InspectionTemplate | null>(null);
  const canEdit = can('Inspection_Templates_Update');
  const canFillIn = can('Inspections_Update');
  return (
    <Section
      title={t('templates.title')}
      actions={
        <>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={status}
            onChange={(_event, next: TemplateStatusFilter | null) => {
              if (next) setStatus(next);
            }}
            aria-label={t('templates.show')}
          >
            {TEMPLATE_STATUS_FILTERS.map((value) => (
              <ToggleButton key={value} value={value}>
                {t(`templates.filter.${value}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          {canEdit ? (
            <Button variant="contained" onClick={() => onEdit('new')}>
              {t('templates.new')}
            </Button>
          ) : null}
        </>
      }
    >
      {templates.isPending ? <LinearProgress aria-label={t('templates.loading')} /> : null}
      {templates.isError ? (
        <Alert severity="error">
          {t('templates.error')} {templates.error.message}
        </Alert>
      ) : null}
      {templates.data?.length === 0 ? <Typography color="text.secondary">{t(`templates.empty.${status}`)}</Typography> : null}
      {templates.data?.map((template) => (
        <Stack key={template.id} direction="row" sx={{ alignItems: 'center', gap: 1, py: 0.5, flexWrap: 'wrap' }}>
          <Box sx={{ flex: 1, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography>
              {t('templates.summary', {
                name: template.name,
                target: t(template.target === 'charger' ? 'templates.target.charger' : 'templates.target.location'),
                count: questionCount(template),
              })}
            </Typography>
            {template.archived ? <Chip size="small" label={t('templates.archived')} /> : null}
          </Box>
          {template.archived ? (
            canEdit ? (
              <Button
                onClick={() => setArchived.mutate({ id: template.id, archived: false })}
                disabled={setArchived.isPending}
                aria-label={t('templates.restoreLabel', { name: template.name })}
              >
                {t('templates.restore')}
              </Button>
            ) : null
          ) : (
            <>
              {canEdit ? <Button onClick={() => onEdit(template)}>{t('templates.edit', { name: template.name })}</Button> : null}
              {canEdit ? (
                <Button color="error" onClick={() => setArchiving(template)} aria-label={t('templates.archiveLabel', { name: template.name })}>
                  {t('templates.archive')}
                </Button>
              ) : null}
              {canFillIn ? (
                <Button variant="outlined" onClick={() => onFillIn(template)}>
                  {t('templates.fillIn', { name: template.name })}
                </Button>
              ) : null}
            </>
          )}
        </Stack>
      ))}
      <ConfirmDialog
        open={Boolean(archiving)}
        title={archiving ? t('archive.title', { name: archiving.name }) : t('archive.titleNone')}
        confirmLabel={t('archive.confirm')}
        isDestructive
        isBusy={setArchived.isPending}
        onClose={() => setArchiving(null)}
        onConfirm={() => archiving && setArchived.mutate({ id: archiving.id, archived: true }, { onSettled: () => setArchiving(null) })}
      >
        {t('archive.text')}
      </ConfirmDialog>
    </Section>
  );
};
