import Alert from '@mui/material/Alert';
import { LICENSE_GRACE_DAYS } from '@wattdesk/shared/constants';
import { useT } from '../../i18n/use-t.ts';
import { partsText } from '../parts-text.ts';

/** A charger without a valid seat: the licence rules (decision 080, license-rule.ts in English) and where to fix it. */
export const LicenseNotice = () => {
  const t = useT(partsText);
  return (
    <Alert severity="warning" sx={{ mb: 1 }}>
      {t('license.notice', { days: LICENSE_GRACE_DAYS })}
    </Alert>
  );
};
