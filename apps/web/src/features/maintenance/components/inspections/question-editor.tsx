import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { QUESTION_KINDS, type QuestionKind } from '@wattdesk/shared/schemas/inspections';
import { useT } from '../../../../i18n/use-t.ts';
import { maintenanceText } from '../../maintenance-text.ts';

/** A question as the editor holds it: min and max stay typed text until the template is saved. */
export type QuestionDraft = { id?: string; text: string; kind: QuestionKind; min: string; max: string; opensMaintenance: boolean };

type QuestionEditorProps = {
  question: QuestionDraft;
  /** Its place in the template: "1.2" (section 1, question 2). */
  number: string;
  errors: (field: string) => string | undefined;
  onChange: (question: QuestionDraft) => void;
  onRemove: (() => void) | undefined;
};

/** One question: its text, kind, range (numbers) and whether a failed answer opens maintenance. */
export const QuestionEditor = ({ question, number, errors, onChange, onRemove }: QuestionEditorProps) => {
  const t = useT(maintenanceText);
  const label = t('question.label', { number });
  const canFail = question.kind === 'yes-no' || question.kind === 'number';
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start', mb: 1 }}>
      <TextField
        label={label}
        value={question.text}
        onChange={(event) => onChange({ ...question, text: event.target.value })}
        size="small"
        sx={{ flex: '1 1 260px' }}
        required
        error={Boolean(errors('text'))}
        helperText={errors('text') ?? ' '}
      />
      <TextField
        select
        label={t('question.kindLabel', { number })}
        value={question.kind}
        onChange={(event) => onChange({ ...question, kind: event.target.value as QuestionKind })}
        size="small"
        sx={{ width: 130 }}
        helperText=" "
      >
        {QUESTION_KINDS.map((kind) => (
          <MenuItem key={kind} value={kind}>
            {t(`question.kind.${kind}`)}
          </MenuItem>
        ))}
      </TextField>
      {question.kind === 'number' ? (
        <>
          <TextField
            label={t('question.min')}
            type="number"
            value={question.min}
            onChange={(event) => onChange({ ...question, min: event.target.value })}
            size="small"
            sx={{ width: 110 }}
            error={Boolean(errors('min'))}
            helperText={errors('min') ?? ' '}
          />
          <TextField
            label={t('question.max')}
            type="number"
            value={question.max}
            onChange={(event) => onChange({ ...question, max: event.target.value })}
            size="small"
            sx={{ width: 110 }}
            error={Boolean(errors('max'))}
            helperText={errors('max') ?? ' '}
          />
        </>
      ) : null}
      {canFail ? (
        <FormControlLabel
          control={
            <Checkbox checked={question.opensMaintenance} onChange={(event) => onChange({ ...question, opensMaintenance: event.target.checked })} />
          }
          label={t('question.opensMaintenance')}
        />
      ) : null}
      {onRemove ? (
        <IconButton aria-label={t('question.remove', { number })} onClick={onRemove}>
          <DeleteIcon />
        </IconButton>
      ) : null}
    </Box>
  );
};
