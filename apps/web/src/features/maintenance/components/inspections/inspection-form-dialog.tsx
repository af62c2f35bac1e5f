import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { isFailedAnswer, type AnswerValue, type InspectionTemplate } from '@wattdesk/shared/schemas/inspections';
import { useState } from 'react';
import { useCompleteInspection, useUploadRecordPhoto } from '../../api/inspections-api.ts';
import { AnswerField, answerOf, type Draft } from './answer-field.tsx';
import { commonText } from '../../../../components/common-text.ts';
import { useT } from '../../../../i18n/use-t.ts';
import { maintenanceText } from '../../maintenance-text.ts';

export type ChargerOption = { id: string; name: string };
type InspectionFormDialogProps = { template: InspectionTemplate; locationId: string; chargers: ChargerOption[]; onClose: () => void };

const questionsOf = (template: InspectionTemplate) => template.sections.flatMap((section) => section.questions);

/** Fill in a template on a charger or the location; photos are uploaded first, then the record names them. */
export const InspectionFormDialog = ({ template, locationId, chargers, onClose }: InspectionFormDialogProps) => {
  const t = useT(maintenanceText);
  const common = useT(commonText);
  const [chargerId, setChargerId] = useState('');
  const [drafts, setDrafts] = useState<Record<string, Draft | undefined>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const upload = useUploadRecordPhoto();
  const complete = useCompleteInspection();
  const questions = questionsOf(template);
  const failures = questions.filter((question) => {
    const value = answerOf(drafts[question.id]);
    return value !== undefined && isFailedAnswer(question, value);
  }).length;
  const serverError = upload.error?.message ?? complete.error?.message;

  const submit = async () => {
    const found: Record<string, string> = {};
    if (template.target === 'charger' && !chargerId) found.charger = t('form.chooseCharger');
    for (const question of questions) {
      const draft = drafts[question.id];
      if (question.kind === 'photo' ? draft?.kind !== 'photo' : question.kind !== 'text' && answerOf(draft) === undefined)
        found[question.id] =
          question.kind === 'number' ? t('form.enterNumber') : question.kind === 'photo' ? t('form.choosePhoto') : t('form.answerQuestion');
    }
    setErrors(found);
    if (Object.keys(found).length) return;
    const answers: { questionId: string; value: AnswerValue }[] = [];
    for (const question of questions) {
      const draft = drafts[question.id];
      const value = draft?.kind === 'photo' ? await upload.mutateAsync({ locationId, file: draft.file }) : (answerOf(draft) ?? '');
      answers.push({ questionId: question.id, value });
    }
    await complete.mutateAsync({ templateId: template.id, locationId, ...(chargerId ? { chargerId } : {}), answers });
    onClose();
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="inspection-form-title" slotProps={{ paper: { sx: { width: 720 } } }}>
      <DialogTitle id="inspection-form-title">{template.name}</DialogTitle>
      <DialogContent>
        {template.target === 'charger' ? (
          <TextField
            select
            label={t('form.charger')}
            value={chargerId}
            onChange={(event) => setChargerId(event.target.value)}
            required
            fullWidth
            margin="normal"
            error={Boolean(errors.charger)}
            helperText={errors.charger ?? (chargers.length ? ' ' : t('form.noChargers'))}
          >
            {chargers.map((charger) => (
              <MenuItem key={charger.id} value={charger.id}>
                {charger.name}
              </MenuItem>
            ))}
          </TextField>
        ) : (
          <Typography color="text.secondary">{t('form.coversLocation')}</Typography>
        )}
        {template.sections.map((section) => (
          <section key={section.id} aria-labelledby={`s-${section.id}`}>
            <Typography id={`s-${section.id}`} variant="subtitle1" component="h3" sx={{ mt: 2, mb: 1 }}>
              {section.title}
            </Typography>
            {section.questions.map((question) => (
              <AnswerField
                key={question.id}
                question={question}
                draft={drafts[question.id]}
                error={errors[question.id]}
                onChange={(draft) => setDrafts((current) => ({ ...current, [question.id]: draft }))}
              />
            ))}
          </section>
        ))}
        {failures ? (
          <Typography color="warning.main" role="status">
            {t('form.failures', { count: failures })}
          </Typography>
        ) : null}
        {serverError ? (
          <Alert severity="error" role="alert" sx={{ mt: 1 }}>
            {serverError}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{common('cancel')}</Button>
        <Button variant="contained" loading={upload.isPending || complete.isPending} onClick={() => void submit().catch(() => undefined)}>
          {t('form.complete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
