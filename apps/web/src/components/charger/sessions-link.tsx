import ListAltIcon from '@mui/icons-material/ListAlt';
import Button from '@mui/material/Button';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useCan } from '../../lib/can.tsx';
import { useSelectedLocation } from '../../lib/selected-location-store.ts';
import { useT } from '../../i18n/use-t.ts';
import { partsText } from '../parts-text.ts';

type SessionsLinkProps = { charger?: { id: string; name: string; locationId: string }; size?: 'small' | 'medium' };

/**
 * To the charging sessions: of one charger (pre-filtered, at its location, which becomes the selected one),
 * or of the selected location.
 */
export const SessionsLink = ({ charger, size = 'medium' }: SessionsLinkProps) => {
  const t = useT(partsText);
  const can = useCan();
  const select = useSelectedLocation((state) => state.select);
  if (!can('Charging_Sessions_View')) return null;
  return (
    <Button
      component={Link}
      size={size}
      startIcon={<ListAltIcon />}
      to={charger ? `${paths.sessions}?chargerId=${encodeURIComponent(charger.id)}` : paths.sessions}
      onClick={() => charger && select(charger.locationId)}
      aria-label={charger ? t('sessionsLink.of', { name: charger.name }) : t('sessionsLink.all')}
    >
      {t('sessionsLink.label')}
    </Button>
  );
};
