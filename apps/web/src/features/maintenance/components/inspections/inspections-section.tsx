import { formatCount } from '@wattdesk/shared/format';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { InspectionRecord, InspectionTemplate } from '@wattdesk/shared/schemas/inspections';
import { useState } from 'react';
import { formatDateTime } from '../../../../lib/format-time.ts';
import { useChargerOptions } from '../../../../lib/queries/chargers.ts';
import { useLocationTimeZone } from '../../../../lib/queries/locations.ts';
import { useInspectionRecords } from '../../api/inspections-api.ts';
import { Section } from '../section.tsx';
import { InspectionFormDialog } from './inspection-form-dialog.tsx';
import { RecordDetailDialog } from './record-detail-dialog.tsx';
import { TemplateEditorDialog } from './template-editor-dialog.tsx';
import { TemplateList } from './template-list.tsx';
import { ScrollingTable } from '../../../../components/scrolling-table.tsx';
import { useT } from '../../../../i18n/use-t.ts';
import { maintenanceText } from '../../maintenance-text.ts';

/** Inspections of the selected location: templates (edit, fill in, archive) and the completed records. */
export const InspectionsSection = ({ locationId }: { locationId: string }) => {
  const t = useT(maintenanceText);
  const records = useInspectionRecords(locationId);
  const chargers = useChargerOptions(locationId);
  const timeZone = useLocationTimeZone(locationId);
  const [editing, setEditing] = useState<InspectionTemplate | 'new' | null>(null);
  const [filling, setFilling] = useState<InspectionTemplate | null>(null);
  const [viewing, setViewing] = useState<InspectionRecord | null>(null);
  return (
    <>
      <TemplateList locationId={locationId} onEdit={setEditing} onFillIn={setFilling} />
      <Section title={t('records.title')}>
        {records.isPending ? <LinearProgress aria-label={t('records.loading')} /> : null}
        {records.isError ? (
          <Alert severity="error">
            {t('records.error')} {records.error.message}
          </Alert>
        ) : null}
        {records.data?.length === 0 ? <Typography color="text.secondary">{t('records.empty')}</Typography> : null}
        {records.data?.length ? (
          <ScrollingTable size="small" aria-label={t('records.label')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('records.column.completed')}</TableCell>
                <TableCell>{t('records.column.template')}</TableCell>
                <TableCell>{t('records.column.inspected')}</TableCell>
                <TableCell>{t('records.column.by')}</TableCell>
                <TableCell>{t('records.column.result')}</TableCell>
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
                  <TableCell>
                    {record.templateName}
                    {record.templateArchived ? <Chip size="small" label={t('records.archived')} sx={{ ml: 1 }} /> : null}
                  </TableCell>
                  <TableCell>{record.chargerName ?? t('records.location')}</TableCell>
                  <TableCell>{record.inspectorEmail}</TableCell>
                  <TableCell>
                    {record.failedCount ? t('records.failed', { count: formatCount(record.failedCount) }) : t('records.passed')}
                    {record.maintenanceOpened ? ` · ${t('records.maintenanceOpened')}` : ''}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </ScrollingTable>
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
