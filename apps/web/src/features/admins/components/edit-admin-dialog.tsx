import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { DIALOG_DEFAULT_WIDTH_PX } from '@wattdesk/shared/constants';
import { reachesAllLocations, type UserType } from '@wattdesk/shared/roles';
import type { AdminListItem } from '@wattdesk/shared/schemas/admins';
import { LOCATIONS_REQUIRED_MESSAGE } from '@wattdesk/shared/schemas/admins';
import { useState } from 'react';
import type { LocationOption } from '../../../components/form/location-picker.tsx';
import { useUpdateAdmin } from '../api/admins-api.ts';
import { AdminAccessFields } from './admin-access-fields.tsx';
import { commonText } from '../../../components/common-text.ts';
import { useT } from '../../../i18n/use-t.ts';
import { adminsText } from '../admins-text.ts';

/** Changes an administrator's type and locations. Mounted per administrator, so it starts from their values. */
export const EditAdminDialog = ({ admin, types, onClose }: { admin: AdminListItem; types: readonly UserType[]; onClose: () => void }) => {
  const [userType, setUserType] = useState<UserType>(admin.userType);
  const [locations, setLocations] = useState<LocationOption[]>(admin.locations);
  const [locationError, setLocationError] = useState<string>();
  const update = useUpdateAdmin();
  const t = useT(adminsText);
  const common = useT(commonText);

  const save = () => {
    const locationIds = locations.map((location) => location.id);
    if (!reachesAllLocations(userType) && locationIds.length === 0) return setLocationError(LOCATIONS_REQUIRED_MESSAGE);
    update.mutate({ userId: admin.id, body: { userType, locationIds } }, { onSuccess: onClose });
  };

  return (
    <Dialog
      open
      onClose={update.isPending ? undefined : onClose}
      aria-labelledby="edit-admin-title"
      slotProps={{ paper: { sx: { width: DIALOG_DEFAULT_WIDTH_PX } } }}
    >
      <DialogTitle id="edit-admin-title">{t('edit.title', { name: `${admin.firstName} ${admin.lastName}` })}</DialogTitle>
      <DialogContent>
        <DialogContentText>{admin.email}</DialogContentText>
        {update.error ? <Alert severity="error">{update.error.message}</Alert> : null}
        <AdminAccessFields
          types={types.includes(admin.userType) ? types : [admin.userType, ...types]}
          userType={userType}
          onUserTypeChange={setUserType}
          locations={locations}
          onLocationsChange={(next) => {
            setLocations(next);
            setLocationError(undefined);
          }}
          errors={{ locationIds: locationError }}
          autoFocus
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={update.isPending}>
          {common('cancel')}
        </Button>
        <Button onClick={save} variant="contained" loading={update.isPending}>
          {t('edit.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
