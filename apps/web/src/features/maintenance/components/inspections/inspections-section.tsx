import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { InspectionRecord, InspectionTemplate } from '@wattdesk/shared/schemas/inspections';
import { useState } from 'react';
import { useCan } from '../../../../lib/can.tsx';
import { formatDateTime } from '../../../../lib/format-time.ts';
import { useChargerOptions } from '../../../../lib/queries/chargers.ts';
import { useLocationTimeZone } from '../../../../lib/queries/locations.ts';
import { useInspectionRecords, useInspectionTemplates } from '../../api/inspections-api.ts';
import { Section } from '../section.tsx';
import { InspectionFormDialog } from './inspection-form-dialog.tsx';
import { RecordDetailDialog } from './record-detail-dialog.tsx';
import { TemplateEditorDialog } from './template-editor-dialog.tsx';

const questionCount = (template: InspectionTemplate) => template.sections.reduce((sum, section) => sum + section.questions.length, 0);

/** Inspections of the selected location: templates (edit, fill in) and the completed records. */
export const InspectionsSection = ({ locationId }: { locationId: string }) => {
  const can = useCan();
  const templates = useInspectionTemplates(locationId);
  const records = useInspectionRecords(locationId);
  const chargers = useChargerOptions(locationId);
  const timeZone = useLocationTimeZone(locationId);
  const [editing, setEditing] = useState<InspectionTemplate | 'new' | null>(null);
  const [filling, setFilling] = useState<InspectionTemplate | null>(null);
  const [viewing, setViewing] = useState<InspectionRecord | null>(null);
  const canEdit = can('Inspection_Templates_Update');
  return (
    <>
      <Section
        title="Inspection templates"
        actions={
          canEdit ? (
            <Button variant="contained" onClick={() => setEditing('new')}>
              New template
            </Button>
          ) : null
        }
      >
        {templates.isPending ? <LinearProgress aria-label="Loading inspection templates" /> : null}
        {templates.isError ? <Alert severity="error">Templates could not be loaded. {templates.error.message}</Alert> : null}
        {templates.data?.length === 0 ? <Typography color="text.secondary">No inspection templates at this location yet</Typography> : null}
        {templates.data?.map((template) => (
          <Stack key={template.id} direction="row" sx={{ alignItems: 'center', gap: 1, py: 0.5, flexWrap: 'wrap' }}>
            <Typography sx={{ flex: 1 }}>
              {template.name} · {template.target === 'charger' ? 'charger' : 'location'} · {questionCount(template).toLocaleString('en-US')} questions
            </Typography>
            {canEdit ? <Button onClick={() => setEditing(template)}>Edit {template.name}</Button> : null}
            {can('Inspections_Update') ? (
              <Button variant="outlined" onClick={() => setFilling(template)}>
                Fill in {template.name}
              </Button>
            ) : null}
          </Stack>
        ))}
      </Section>
      <Section title="Inspection records">
        {records.isPending ? <LinearProgress aria-label="Loading inspection records" /> : null}
        {records.isError ? <Alert severity="error">Records could not be loaded. {records.error.message}</Alert> : null}
        {records.data?.length === 0 ? <Typography color="text.secondary">No completed inspections yet</Typography> : null}
        {records.data?.length ? (
          <Table size="small" aria-label="Inspection records">
            <TableHead>
              <TableRow>
                <TableCell>Completed</TableCell>
                <TableCell>Template</TableCell>
                <TableCell>Inspected</TableCell>
                <TableCell>By</TableCell>
                <TableCell>Result</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {records.data.map((record) => (
                <TableRow key={record.id}>
                  <TableCell>
                    <Link component="button" onClick={() => setViewing(record)}>
                      {formatDateTime(record.completedAt, timeZone)}
                    </Link>
                  </TableCell>
                  <TableCell>{record.templateName}</TableCell>
                  <TableCell>{record.chargerName ?? 'Location'}</TableCell>
                  <TableCell>{record.inspectorEmail}</TableCell>
                  <TableCell>
                    {record.failedCount ? `${record.failedCount.toLocaleString('en-US')} failed` : 'Passed'}
                    {record.maintenanceOpened ? ' · maintenance opened' : ''}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : null}
      </Section>
      {editing ? (
        <TemplateEditorDialog locationId={locationId} template={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
      {filling ? (
        <InspectionFormDialog
          template={filling}
          locationId={locationId}
          chargers={(chargers.data?.items ?? []).map(({ id, name }) => ({ id, name }))}
          onClose={() => setFilling(null)}
        />
      ) : null}
      {viewing ? <RecordDetailDialog record={viewing} timeZone={timeZone} onClose={() => setViewing(null)} /> : null}
    </>
  );
};
