import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { reachesAllLocations, type UserType } from '@wattdesk/shared/roles';
import { useState } from 'react';
import { MultiLocationPicker, type LocationOption } from '../../../components/form/location-picker.tsx';
import { useLocationOptions } from '../../../lib/queries/locations.ts';
import { useSentence } from '../../../i18n/sentences.ts';
import { useT } from '../../../i18n/use-t.ts';
import { adminsText } from '../admins-text.ts';

type Props = {
  types: readonly UserType[];
  userType: UserType | '';
  onUserTypeChange: (type: UserType) => void;
  locations: LocationOption[];
  onLocationsChange: (locations: LocationOption[]) => void;
  errors: { userType?: string | undefined; locationIds?: string | undefined };
  /** The Type field takes focus when the dialog opens (edit; invite starts on the e-mail). */
  autoFocus?: boolean;
};

/** Type and locations of an administrator: only types the user may grant, only locations the user reaches. */
export const AdminAccessFields = ({ types, userType, onUserTypeChange, locations, onLocationsChange, errors, autoFocus }: Props) => {
  const t = useT(adminsText);
  const sentence = useSentence();
  const [search, setSearch] = useState('');
  const reachesAll = userType !== '' && reachesAllLocations(userType);
  const options = useLocationOptions(search, !reachesAll);
  return (
    <>
      <TextField
        select
        fullWidth
        margin="normal"
        label={t('access.type')}
        autoFocus={autoFocus ?? false}
        value={userType}
        onChange={(event) => onUserTypeChange(event.target.value as UserType)}
        error={Boolean(errors.userType)}
        helperText={errors.userType && sentence(errors.userType)}
      >
        {types.map((type) => (
          <MenuItem key={type} value={type}>
            {t(`type.${type}`)}
          </MenuItem>
        ))}
      </TextField>
      {reachesAll ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('access.reachesAll')}
        </Typography>
      ) : (
        <MultiLocationPicker
          label={t('access.locations')}
          value={locations}
          onChange={onLocationsChange}
          options={(options.data?.items ?? []).map(({ id, name, city }) => ({ id, name, city }))}
          isLoading={options.isFetching}
          onSearchChange={setSearch}
          error={errors.locationIds && sentence(errors.locationIds)}
        />
      )}
    </>
  );
};
