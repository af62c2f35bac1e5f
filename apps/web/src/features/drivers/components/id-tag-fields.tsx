import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MAX_TAGS_PER_DRIVER, type RegisterDriverBody, type RegisterDriverInput } from '@wattdesk/shared/schemas/drivers';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { useT } from '../../../i18n/use-t.ts';
import { driversText } from '../drivers-text.ts';

type Form = UseFormReturn<RegisterDriverInput, unknown, RegisterDriverBody>;

/** RFID cards and app tokens of a driver: the idTags its chargers will accept. */
export const IdTagFields = ({ form }: { form: Form }) => {
  const t = useT(driversText);
  const tags = useFieldArray({ control: form.control, name: 'idTags' });
  const errors = form.formState.errors.idTags;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 2 }}>
      <Typography component="legend" variant="subtitle2">
        {t('tags.legend')}
      </Typography>
      {tags.fields.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('tags.none')}
        </Typography>
      ) : null}
      {tags.fields.map((field, index) => (
        <Box key={field.id} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mt: 1 }}>
          <TextField
            {...form.register(`idTags.${index}.tag`)}
            size="small"
            label={t('tags.field', { number: index + 1 })}
            sx={{ flex: 1 }}
            error={Boolean(errors?.[index]?.tag)}
            helperText={errors?.[index]?.tag?.message}
          />
          <TextField
            select
            size="small"
            label={t('tags.type')}
            sx={{ width: 130 }}
            value={form.watch(`idTags.${index}.kind`) ?? 'rfid'}
            onChange={(event) => form.setValue(`idTags.${index}.kind`, event.target.value as 'rfid' | 'app')}
          >
            <MenuItem value="rfid">{t('tags.rfid')}</MenuItem>
            <MenuItem value="app">{t('tags.app')}</MenuItem>
          </TextField>
          <IconButton aria-label={t('tags.remove', { number: index + 1 })} onClick={() => tags.remove(index)}>
            <DeleteIcon />
          </IconButton>
        </Box>
      ))}
      {errors?.root?.message || errors?.message ? (
        <Typography variant="body2" color="error" role="alert">
          {errors.root?.message ?? errors.message}
        </Typography>
      ) : null}
      <Button
        size="small"
        startIcon={<AddIcon />}
        sx={{ mt: 1 }}
        disabled={tags.fields.length >= MAX_TAGS_PER_DRIVER}
        onClick={() => tags.append({ tag: '', kind: 'rfid' })}
      >
        {t('tags.add')}
      </Button>
    </Box>
  );
};
