import { formatQuantity } from '@wattdesk/shared/format';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { isFailedAnswer, type StoredQuestionView } from '@wattdesk/shared/schemas/inspections';
import { validatePhotoSize } from '@wattdesk/shared/validation';
import { useState } from 'react';
import { useSentence } from '../../../../i18n/sentences.ts';
import { useT } from '../../../../i18n/use-t.ts';
import { maintenanceText } from '../../maintenance-text.ts';
import type { MaintenanceT } from '../../maintenance-text.ts';

const VISUALLY_HIDDEN = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clipPath: 'inset(50%)', whiteSpace: 'nowrap' } as const;

/** What the form holds for a question before it is sent: a photo is still a file, a number still typed text. */
export type Draft =
  { kind: 'yes-no'; value: boolean } | { kind: 'number'; text: string } | { kind: 'text'; text: string } | { kind: 'photo'; file: File };

/** The answer value the server judges; undefined while the question has no usable answer. */
export const answerOf = (draft: Draft | undefined): boolean | number | string | undefined => {
  if (!draft) return undefined;
  if (draft.kind === 'yes-no') return draft.value;
  if (draft.kind === 'number') return draft.text.trim() === '' || !Number.isFinite(Number(draft.text)) ? undefined : Number(draft.text);
  if (draft.kind === 'text') return draft.text;
  return undefined;
};

type Range = { kind: 'Between' | 'AtLeast' | 'AtMost'; min: string; max: string };

/** A number question's range, its bounds formatted in the page's language; null without one. */
export const rangeOf = (question: Pick<StoredQuestionView, 'min' | 'max'>): Range | null => {
  const min = typeof question.min === 'number' ? formatQuantity(question.min) : null;
  const max = typeof question.max === 'number' ? formatQuantity(question.max) : null;
  if (min !== null && max !== null) return { kind: 'Between', min, max };
  if (min !== null) return { kind: 'AtLeast', min, max: '' };
  return max !== null ? { kind: 'AtMost', min: '', max } : null;
};

const failureText = (question: StoredQuestionView, t: MaintenanceT) => {
  const range = rangeOf(question);
  const maintenance = question.opensMaintenance ? 'Maintenance' : '';
  if (question.kind === 'yes-no' || !range) return t(`answer.failsNo${maintenance}`);
  return t(`answer.fails${range.kind}${maintenance}`, { min: range.min, max: range.max });
};

type AnswerFieldProps = {
  question: StoredQuestionView;
  draft: Draft | undefined;
  error: string | undefined;
  onChange: (draft: Draft | undefined) => void;
};

/** One question of the fill-in form; a failing answer is shown as soon as it is given (the server's own rule). */
export const AnswerField = ({ question, draft, error, onChange }: AnswerFieldProps) => {
  const value = answerOf(draft);
  const failed = value !== undefined && isFailedAnswer(question, value);
  const labelId = `q-${question.id}`;
  const [photoError, setPhotoError] = useState<string>();
  const t = useT(maintenanceText);
  const sentence = useSentence();
  const range = question.kind === 'number' ? rangeOf(question) : null;
  return (
    <Box sx={{ mb: 2 }}>
      {question.kind === 'yes-no' ? (
        <FormControl error={Boolean(error)}>
          <FormLabel id={labelId}>{question.text}</FormLabel>
          <RadioGroup
            row
            aria-labelledby={labelId}
            value={value === undefined ? '' : String(value)}
            onChange={(event) => onChange({ kind: 'yes-no', value: event.target.value === 'true' })}
          >
            <FormControlLabel value="true" control={<Radio />} label={t('answer.yes')} />
            <FormControlLabel value="false" control={<Radio />} label={t('answer.no')} />
          </RadioGroup>
          {error ? <FormHelperText>{error}</FormHelperText> : null}
        </FormControl>
      ) : null}
      {question.kind === 'number' || question.kind === 'text' ? (
        <TextField
          label={question.text}
          type={question.kind === 'number' ? 'number' : 'text'}
          multiline={question.kind === 'text'}
          fullWidth
          value={draft && draft.kind !== 'yes-no' && draft.kind !== 'photo' ? draft.text : ''}
          onChange={(event) => onChange({ kind: question.kind === 'number' ? 'number' : 'text', text: event.target.value })}
          error={Boolean(error)}
          helperText={error ?? (range ? t(`answer.passes${range.kind}`, { min: range.min, max: range.max }) : ' ')}
        />
      ) : null}
      {question.kind === 'photo' ? (
        <FormControl error={Boolean(photoError ?? error)}>
          <FormLabel id={labelId}>{question.text}</FormLabel>
          <Button component="label" role={undefined} tabIndex={-1} variant="outlined" sx={{ mt: 1, width: 'fit-content' }}>
            {draft?.kind === 'photo' ? draft.file.name : t('answer.choosePhoto')}
            <input
              style={VISUALLY_HIDDEN}
              type="file"
              accept="image/png,image/jpeg,image/webp"
              aria-labelledby={labelId}
              onChange={(event) => {
                const file = event.target.files?.[0];
                const tooLarge = file ? validatePhotoSize(file.size) : undefined;
                setPhotoError(tooLarge);
                onChange(file && !tooLarge ? { kind: 'photo', file } : undefined);
              }}
            />
          </Button>
          <FormHelperText>{(photoError ? sentence(photoError) : undefined) ?? error ?? t('answer.photoHelp')}</FormHelperText>
        </FormControl>
      ) : null}
      {failed ? (
        <Alert severity="warning" role="status" sx={{ mt: 0.5 }}>
          {failureText(question, t)}
        </Alert>
      ) : null}
    </Box>
  );
};
