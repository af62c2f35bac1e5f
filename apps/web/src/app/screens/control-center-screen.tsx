import { ChargerDetailsDialog } from '../../features/chargers/components/charger-details-dialog.tsx';
import { ControlCenterPage } from '../../features/control-center/control-center-page.tsx';

/** The control center opens a charger in the same dialog as Assets: the app composes the two features. */
export const ControlCenterScreen = () => (
  <ControlCenterPage renderChargerDetails={(chargerId, onClose) => <ChargerDetailsDialog chargerId={chargerId} onClose={onClose} />} />
);
