import type { LocationProfile, LocationState } from '@wattdesk/shared/schemas/locations';
import AddLocationIcon from '@mui/icons-material/AddLocationAlt';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import { useState } from 'react';
import { PageHeader } from '../../components/page-header.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { useT } from '../../i18n/use-t.ts';
import { useCan } from '../../lib/can.tsx';
import { notifySuccess } from '../../lib/notify.tsx';
import { useSelectedLocation } from '../../lib/selected-location-store.ts';
import { useLocationState } from '../../lib/queries/locations.ts';
import { useCreateLocation, useUpdateLocation } from './api/locations-api.ts';
import { LocationForm } from './components/location-form.tsx';
import { LocationSettings } from './components/location-settings.tsx';
import { LocationsOverview } from './components/locations-overview.tsx';
import { locationsText } from './locations-text.ts';

const profileOf = (state: LocationState): LocationProfile => ({
  name: state.name,
  ...state.address,
  lng: state.loc.coordinates[0],
  lat: state.loc.coordinates[1],
  timeZone: state.timeZone,
});

const NEW_LOCATION: LocationProfile = {
  name: '',
  addressLine1: '',
  addressLine2: '',
  city: '',
  state: '',
  zipCode: '',
  lng: -122.4194,
  lat: 37.7749,
  timeZone: 'America/Los_Angeles',
};

const NewLocationDialog = ({ onClose }: { onClose: () => void }) => {
  const t = useT(locationsText);
  const select = useSelectedLocation((state) => state.select);
  const mutation = useCreateLocation();
  const create = (profile: LocationProfile) =>
    mutation.mutate(profile, {
      onSuccess: (created) => {
        select(created.locationId);
        notifySuccess(t('toast.created', { name: created.name }));
        onClose();
      },
    });
  return (
    <Dialog open onClose={onClose} aria-labelledby="new-location-title" slotProps={{ paper: { sx: { width: 720 } } }}>
      <DialogTitle id="new-location-title">{t('new.title')}</DialogTitle>
      <DialogContent>
        <LocationForm defaults={NEW_LOCATION} submitLabel={t('new.create')} isBusy={mutation.isPending} onSubmit={create} onCancel={onClose} />
      </DialogContent>
    </Dialog>
  );
};

/** /dashboard/profile/location-name: the selected location's profile, pin and settings. */
export const LocationProfilePage = () => {
  const t = useT(locationsText);
  const can = useCan();
  const locationId = useSelectedLocation((state) => state.locationId);
  const [isCreating, setIsCreating] = useState(false);
  const location = useLocationState(locationId);
  const save = useUpdateLocation();
  const newButton = can('Locations_Create') ? (
    <Button variant="contained" startIcon={<AddLocationIcon />} onClick={() => setIsCreating(true)}>
      {t('page.new')}
    </Button>
  ) : null;

  return (
    <>
      <PageHeader
        title={t('page.title')}
        subtitle={
          locationId
            ? location.data && t('page.subtitle', { city: location.data.address.city, count: location.data.chargerCount })
            : t('page.overviewSubtitle')
        }
        actions={newButton}
      />
      {!locationId ? (
        <LocationsOverview />
      ) : location.isPending ? (
        <PageLoader label={t('page.loading')} />
      ) : location.data ? (
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '2fr 1fr' }, alignItems: 'start' }}>
          <Paper sx={{ p: 3 }}>
            <LocationForm
              defaults={profileOf(location.data)}
              submitLabel={t('page.saveProfile')}
              isBusy={save.isPending}
              isReadOnly={!can('Locations_Update')}
              onSubmit={(profile) =>
                save.mutate({ locationId: location.data.locationId, ...profile }, { onSuccess: () => notifySuccess(t('toast.profileSaved')) })
              }
            />
          </Paper>
          <LocationSettings location={location.data} />
        </Box>
      ) : null}
      {isCreating ? <NewLocationDialog onClose={() => setIsCreating(false)} /> : null}
    </>
  );
};
