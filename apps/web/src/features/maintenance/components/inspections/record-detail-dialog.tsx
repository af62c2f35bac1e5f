import { formatCount, formatQuantity } from '@wattdesk/shared/format';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { AnswerValue, InspectionRecord } from '@wattdesk/shared/schemas/inspections';
import { useEffect, useMemo } from 'react';
import { formatDateTime } from '../../../../lib/format-time.ts';
import { useRecordPhoto } from '../../api/inspections-api.ts';
import { useT } from '../../../../i18n/use-t.ts';
import { maintenanceText } from '../../maintenance-text.ts';
import type { MaintenanceT } from '../../maintenance-text.ts';

const PhotoAnswer = ({ locationId, photoId, alt }: { locationId: string; photoId: string; alt: string }) => {
  const t = useT(maintenanceText);
  const photo = useRecordPhoto(locationId, photoId);
  const url = useMemo(() => (photo.data ? URL.createObjectURL(photo.data) : undefined), [photo.data]);
  useEffect(() => (url ? () => URL.revokeObjectURL(url) : undefined), [url]);
  if (photo.isPending) return <CircularProgress size={20} aria-label={t('record.loadingPhoto')} />;
  if (photo.isError) return <Typography color="error">{t('record.photoError')}</Typography>;
  return url ? <Box component="img" src={url} alt={alt} sx={{ maxWidth: 240, maxHeight: 180, display: 'block', borderRadius: 1 }} /> : null;
};

const shown = (value: AnswerValue | undefined, t: MaintenanceT) => {
  if (value === true) return t('answer.yes');
  if (value === false) return t('answer.no');
  if (typeof value === 'number') return formatQuantity(value);
  return value ? value : '—';
};

/** One completed inspection: who, when, the result and every answer against the questions it was filled in on. */
export const RecordDetailDialog = ({
  record,
  timeZone,
  onClose,
}: {
  record: InspectionRecord;
  timeZone: string | undefined;
  onClose: () => void;
}) => {
  const t = useT(maintenanceText);
  const answers = new Map(record.answers.map((answer) => [answer.questionId, answer]));
  return (
    <Dialog open onClose={onClose} aria-labelledby="record-title" fullWidth maxWidth="sm">
      <DialogTitle id="record-title">
        {record.templateName} · {record.chargerName ?? t('records.location')}
      </DialogTitle>
      <DialogContent>
        {record.templateArchived ? <Chip size="small" label={t('record.templateArchived')} sx={{ mb: 1 }} /> : null}
        <Typography>{t('record.by', { email: record.inspectorEmail, time: formatDateTime(record.completedAt, timeZone) })}</Typography>
        <Typography color={record.failedCount ? 'error' : 'success.main'}>
          {record.failedCount ? t('records.failed', { count: formatCount(record.failedCount) }) : t('records.passed')}
          {record.maintenanceOpened ? ` · ${t('record.chargerPutInMaintenance')}` : ''}
        </Typography>
        {record.sections.map((section) => (
          <Box key={section.id} component="section" aria-label={section.title} sx={{ mt: 2 }}>
            <Typography variant="subtitle1" component="h3">
              {section.title}
            </Typography>
            <Box component="dl" sx={{ m: 0 }}>
              {section.questions.map((question) => {
                const answer = answers.get(question.id);
                return (
                  <Box key={question.id} sx={{ mb: 1 }}>
                    <Typography component="dt" variant="body2" color="text.secondary">
                      {question.text}
                    </Typography>
                    <Typography component="dd" sx={{ m: 0 }} color={answer?.failed ? 'error' : 'text.primary'}>
                      {question.kind === 'photo' && typeof answer?.value === 'string' && answer.value ? (
                        <PhotoAnswer locationId={record.locationId} photoId={answer.value} alt={question.text} />
                      ) : (
                        shown(answer?.value, t)
                      )}
                      {answer?.failed ? ` — ${t('record.answerFailed')}` : ''}
                    </Typography>
                  </Box>
                );
              })}
            </Box>
          </Box>
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('record.close')}</Button>
      </DialogActions>
    </Dialog>
  );
};
