import Alert from '@mui/material/Alert';
import { UNLICENSED_RULE } from './license-rule.ts';

export const LicenseNotice = () => (
  <Alert severity="warning" sx={{ mb: 1 }}>
    No valid license. {UNLICENSED_RULE} Assign a seat under License.
  </Alert>
);
