import { formatCount } from '@wattdesk/shared/format';
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

const FILTER_LABELS: Record<TemplateStatusFilter, string> = { active: 'Active', archived: 'Archived', all: 'All' };
const EMPTY: Record<TemplateStatusFilter, string> = {
  active: 'No inspection templates at this location yet',
  archived: 'No archived templates at this location',
  all: 'No inspection templates at this location yet',
};

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
  const [status, setStatus] = useState<TemplateStatusFilter>('active');
  const templates = useInspectionTemplates(locationId, status);
  const setArchived = useSetTemplateArchived();
  const [archiving, setArchiving] = useState<InspectionTemplate | null>(null);
  const canEdit = can('Inspection_Templates_Update');
  const canFillIn = can('Inspections_Update');
  return (
    <Section
      title="Inspection templates"
      actions={
        <>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={status}
            onChange={(_event, next: TemplateStatusFilter | null) => {
              if (next) setStatus(next);
            }}
            aria-label="Show templates"
          >
            {TEMPLATE_STATUS_FILTERS.map((value) => (
              <ToggleButton key={value} value={value}>
                {FILTER_LABELS[value]}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          {canEdit ? (
            <Button variant="contained" onClick={() => onEdit('new')}>
              New template
            </Button>
          ) : null}
        </>
      }
    >
      {templates.isPending ? <LinearProgress aria-label="Loading inspection templates" /> : null}
      {templates.isError ? <Alert severity="error">Templates could not be loaded. {templates.error.message}</Alert> : null}
      {templates.data?.length === 0 ? <Typography color="text.secondary">{EMPTY[status]}</Typography> : null}
      {templates.data?.map((template) => (
        <Stack key={template.id} direction="row" sx={{ alignItems: 'center', gap: 1, py: 0.5, flexWrap: 'wrap' }}>
          <Box sx={{ flex: 1, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography>
              {template.name} · {template.target === 'charger' ? 'charger' : 'location'} · {formatCount(questionCount(template))} questions
            </Typography>
            {template.archived ? <Chip size="small" label="Archived" /> : null}
          </Box>
          {template.archived ? (
            canEdit ? (
              <Button
                onClick={() => setArchived.mutate({ id: template.id, archived: false })}
                disabled={setArchived.isPending}
                aria-label={`Restore ${template.name}`}
              >
                Restore
              </Button>
            ) : null
          ) : (
            <>
              {canEdit ? <Button onClick={() => onEdit(template)}>Edit {template.name}</Button> : null}
              {canEdit ? (
                <Button color="error" onClick={() => setArchiving(template)} aria-label={`Archive ${template.name}`}>
                  Archive
                </Button>
              ) : null}
              {canFillIn ? (
                <Button variant="outlined" onClick={() => onFillIn(template)}>
                  Fill in {template.name}
                </Button>
              ) : null}
            </>
          )}
        </Stack>
      ))}
      <ConfirmDialog
        open={Boolean(archiving)}
        title={archiving ? `Archive ${archiving.name}?` : 'Archive template?'}
        confirmLabel="Archive"
        isDestructive
        isBusy={setArchived.isPending}
        onClose={() => setArchiving(null)}
        onConfirm={() => archiving && setArchived.mutate({ id: archiving.id, archived: true }, { onSettled: () => setArchiving(null) })}
      >
        It is no longer offered for new inspections and cannot be edited. Completed inspections filled in on it stay as they are. You can restore it
        from the Archived templates.
      </ConfirmDialog>
    </Section>
  );
};
