import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Typography from '@mui/material/Typography';
import { NOTIFICATION_TYPES, type NotificationType } from '@wattdesk/shared/notification-types';
import { useT } from '../../../i18n/use-t.ts';
import { useNotificationPreferences, useSetNotificationPreferences } from '../api/notifications-api.ts';
import { notificationsText } from '../notifications-text.ts';

/** Which notification types this user also gets by e-mail; each box saves at once. */
export const EmailPreferences = () => {
  const preferences = useNotificationPreferences(true);
  const save = useSetNotificationPreferences();
  const t = useT(notificationsText);
  const chosen = new Set(preferences.data?.emailTypes ?? []);
  const toggle = (type: NotificationType, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(type);
    else next.delete(type);
    save.mutate({ emailTypes: [...next] });
  };
  return (
    <Box component="fieldset" sx={{ border: 0, px: 2, py: 1, m: 0 }}>
      <Typography component="legend" variant="body2" sx={{ fontWeight: 600 }}>
        {t('email.legend')}
      </Typography>
      <FormGroup>
        {NOTIFICATION_TYPES.map((type) => (
          <FormControlLabel
            key={type}
            control={
              <Checkbox
                size="small"
                checked={chosen.has(type)}
                disabled={!preferences.isSuccess || save.isPending}
                onChange={(event) => toggle(type, event.target.checked)}
              />
            }
            label={t(`type.${type}`)}
          />
        ))}
      </FormGroup>
    </Box>
  );
};
