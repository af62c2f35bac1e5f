import Box from '@mui/material/Box';
import { useAppConfig } from '../lib/app-config.ts';
import { useT } from '../i18n/use-t.ts';
import { commonText } from './common-text.ts';

/** Staging and demo are easy to mistake for the real network: a coloured bar names them. */
const BANNERS: Partial<Record<string, { label: 'environment.staging' | 'environment.demo'; color: string }>> = {
  staging: { label: 'environment.staging', color: '#b26a00' },
  demo: { label: 'environment.demo', color: '#6a1b9a' },
};

export const ENVIRONMENT_BANNER_HEIGHT = 28;

/** APP_ENVIRONMENT: a banner on staging and demo, a small label on local, nothing on master (production). */
export const EnvironmentBanner = ({ isSpacer = false }: { isSpacer?: boolean }) => {
  const t = useT(commonText);
  const environment = useAppConfig()?.environment;
  const banner = environment ? BANNERS[environment] : undefined;
  if (!banner) return null;
  if (isSpacer) return <Box sx={{ height: ENVIRONMENT_BANNER_HEIGHT }} />;
  return (
    <Box
      role="note"
      aria-label={t('environment.label')}
      sx={{
        height: ENVIRONMENT_BANNER_HEIGHT,
        bgcolor: banner.color,
        color: '#fff',
        display: 'grid',
        placeItems: 'center',
        fontSize: 13,
        fontWeight: 600,
      }}
    >
      {t(banner.label)}
    </Box>
  );
};

export const EnvironmentLabel = () => {
  const t = useT(commonText);
  const environment = useAppConfig()?.environment;
  // A plain box rather than MUI's Chip: the sign-in page shows it too and must stay small.
  return environment === 'local' ? (
    <Box
      component="span"
      title={t('environment.localTitle')}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 4, px: 1, fontSize: 12, color: 'text.secondary' }}
    >
      {t('environment.local')}
    </Box>
  ) : null;
};
