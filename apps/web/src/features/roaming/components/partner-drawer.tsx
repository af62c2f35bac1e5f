import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '@wattdesk/shared/format';
import type { RoamingPartner } from '@wattdesk/shared/schemas/roaming';
import type { ReactNode } from 'react';
import { PartnerStatusChip } from './partner-status-chip.tsx';
import { partyOf } from './partner-text.ts';
import { PushesSection } from './pushes-section.tsx';
import { useT } from '../../../i18n/use-t.ts';
import { roamingText } from '../roaming-text.ts';

const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
  <>
    <Typography component="dt" variant="body2" color="text.secondary">
      {label}
    </Typography>
    <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
      {children}
    </Typography>
  </>
);

/** One partner: who it is, the modules it offers us, and what we sent it. */
export const PartnerDrawer = ({ partner, onClose }: { partner: RoamingPartner; onClose: () => void }) => {
  const t = useT(roamingText);
  return (
    <Drawer
      anchor="right"
      open
      onClose={onClose}
      slotProps={{ paper: { role: 'dialog', 'aria-labelledby': 'partner-drawer-title', sx: { width: { xs: '100%', md: 760 }, p: 3 } } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
        <Typography id="partner-drawer-title" variant="h6" component="h2" sx={{ flex: 1 }}>
          {partner.name}
        </Typography>
        <PartnerStatusChip status={partner.status} />
        <IconButton aria-label={t('drawer.close')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}>
        <Fact label={t('drawer.party')}>{partyOf(partner)}</Fact>
        <Fact label={t('drawer.version')}>{partner.version ?? '—'}</Fact>
        <Fact label={t('drawer.versionsUrl')}>{partner.versionsUrl ?? '—'}</Fact>
        <Fact label={t('drawer.lastExchange')}>{formatDateTime(partner.lastExchangeAt)}</Fact>
        <Fact label={t('drawer.added')}>{formatDateTime(partner.createdAt)}</Fact>
      </Box>
      {partner.lastFailure ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {t('drawer.lastFailure', { at: formatDateTime(partner.lastFailureAt), failure: partner.lastFailure })}
        </Alert>
      ) : null}
      <Typography variant="h6" component="h3" sx={{ mt: 3, mb: 1 }}>
        {t('drawer.modules')}
      </Typography>
      {partner.modules.length ? (
        <Box component="ul" aria-label={t('drawer.modules')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 0, m: 0, listStyle: 'none' }}>
          {partner.modules.map((module) => (
            <li key={`${module.identifier}-${module.role}`}>
              <Chip size="small" variant="outlined" label={t('drawer.module', { module: module.identifier, role: module.role })} />
            </li>
          ))}
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('drawer.noModules')}
        </Typography>
      )}
      <PushesSection partnerId={partner.id} />
    </Drawer>
  );
};
