import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { inspectionTemplateBodySchema, type InspectionTemplate } from '@wattdesk/shared/schemas/inspections';
import { useState } from 'react';
import { useSaveTemplate } from '../../api/inspections-api.ts';
import { QuestionEditor, type QuestionDraft } from './question-editor.tsx';
import { bodyOf, draftOf, newQuestion, newSection, type SectionDraft } from './template-draft.ts';
import { commonText } from '../../../../components/common-text.ts';
import { useSentence } from '../../../../i18n/sentences.ts';
import { useT } from '../../../../i18n/use-t.ts';
import { maintenanceText } from '../../maintenance-text.ts';

type TemplateEditorDialogProps = { locationId: string; template: InspectionTemplate | null; onClose: () => void };

/** Create or change a template: sections of questions (yes/no, number with a range, text, photo). */
export const TemplateEditorDialog = ({ locationId, template, onClose }: TemplateEditorDialogProps) => {
  const t = useT(maintenanceText);
  const common = useT(commonText);
  const sentence = useSentence();
  const [draft, setDraft] = useState(() => draftOf(template));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveTemplate();
  const setSection = (index: number, section: SectionDraft) =>
    setDraft((current) => ({ ...current, sections: current.sections.map((old, at) => (at === index ? section : old)) }));
  const setQuestion = (sectionIndex: number, section: SectionDraft, index: number, question: QuestionDraft) =>
    setSection(sectionIndex, { ...section, questions: section.questions.map((old, at) => (at === index ? question : old)) });

  const submit = () => {
    const body = bodyOf(draft);
    const parsed = inspectionTemplateBodySchema.safeParse(body);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= sentence(issue.message);
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate({ id: template?.id ?? null, locationId, body: parsed.data }, { onSuccess: onClose });
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="template-editor-title" fullWidth maxWidth="md">
      <DialogTitle id="template-editor-title">{template ? t('editor.editTitle', { name: template.name }) : t('editor.newTitle')}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mt: 1 }}>
          <TextField
            label={t('editor.name')}
            value={draft.name}
            onChange={(event) => setDraft({ ...draft, name: event.target.value })}
            required
            sx={{ flex: '1 1 300px' }}
            error={Boolean(errors.name)}
            helperText={errors.name ?? ' '}
          />
          <TextField
            select
            label={t('editor.inspects')}
            value={draft.target}
            onChange={(event) => setDraft({ ...draft, target: event.target.value === 'location' ? 'location' : 'charger' })}
            sx={{ width: 180 }}
            helperText=" "
          >
            <MenuItem value="charger">{t('editor.target.charger')}</MenuItem>
            <MenuItem value="location">{t('editor.target.location')}</MenuItem>
          </TextField>
        </Box>
        {errors.sections ? <Alert severity="error">{errors.sections}</Alert> : null}
        {draft.sections.map((section, sectionIndex) => (
          <Paper key={section.id ?? `new-${sectionIndex}`} variant="outlined" sx={{ p: 2, mb: 2 }}>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
              <TextField
                label={t('editor.sectionTitle', { number: sectionIndex + 1 })}
                value={section.title}
                onChange={(event) => setSection(sectionIndex, { ...section, title: event.target.value })}
                required
                size="small"
                fullWidth
                error={Boolean(errors[`sections.${sectionIndex}.title`])}
                helperText={errors[`sections.${sectionIndex}.title`] ?? errors[`sections.${sectionIndex}.questions`] ?? ' '}
              />
              {draft.sections.length > 1 ? (
                <IconButton
                  aria-label={t('editor.removeSection', { number: sectionIndex + 1 })}
                  onClick={() => setDraft({ ...draft, sections: draft.sections.filter((_, at) => at !== sectionIndex) })}
                >
                  <DeleteIcon />
                </IconButton>
              ) : null}
            </Box>
            {section.questions.map((question, index) => (
              <QuestionEditor
                key={question.id ?? `new-${index}`}
                question={question}
                number={`${sectionIndex + 1}.${index + 1}`}
                errors={(field) => errors[`sections.${sectionIndex}.questions.${index}.${field}`]}
                onChange={(changed) => setQuestion(sectionIndex, section, index, changed)}
                onRemove={
                  section.questions.length > 1
                    ? () => setSection(sectionIndex, { ...section, questions: section.questions.filter((_, at) => at !== index) })
                    : undefined
                }
              />
            ))}
            <Button onClick={() => setSection(sectionIndex, { ...section, questions: [...section.questions, newQuestion()] })}>
              {t('editor.addQuestion')}
            </Button>
          </Paper>
        ))}
        <Button onClick={() => setDraft({ ...draft, sections: [...draft.sections, newSection()] })}>{t('editor.addSection')}</Button>
        {save.error ? (
          <Alert severity="error" role="alert" sx={{ mt: 1 }}>
            {save.error.message}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{common('cancel')}</Button>
        <Button variant="contained" loading={save.isPending} onClick={submit}>
          {t('editor.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
