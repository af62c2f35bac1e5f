import AddLinkIcon from '@mui/icons-material/AddLink';
import HubIcon from '@mui/icons-material/Hub';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { RoamingPartner } from '@wattdesk/shared/schemas/roaming';
import { useState } from 'react';
import { EmptyState } from '../../components/empty-state.tsx';
import { LoadErrorAlert } from '../../components/errors/load-error-alert.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { useCan } from '../../lib/can.tsx';
import { useRoamingPartners } from './api/partners-api.ts';
import { ConnectPartnerDialog } from './components/connect-partner-dialog.tsx';
import { InvitePartnerDialog } from './components/invite-partner-dialog.tsx';
import { PartnerConfirmDialog, type PendingCommand } from './components/partner-confirm-dialog.tsx';
import { PartnerDrawer } from './components/partner-drawer.tsx';
import { PartnersTable } from './components/partners-table.tsx';
import { useT } from '../../i18n/use-t.ts';
import { roamingText } from './roaming-text.ts';

type Dialog = 'invite' | 'connect' | null;

/** Roaming (menu roaming, issue 42): the OCPI partners whose drivers charge here, and how exchanges with them go. */
export const RoamingPage = () => {
  const t = useT(roamingText);
  const canUpdate = useCan()('Roaming_Update');
  const partners = useRoamingPartners();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [pending, setPending] = useState<PendingCommand | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  // The drawer follows the list, so an action taken meanwhile shows in it.
  const opened = partners.data?.partners.find((partner) => partner.id === openId);

  let body;
  if (partners.isPending) body = <PageLoader label={t('page.loading')} />;
  else if (partners.isError) body = <LoadErrorAlert subject={t('page.loadSubject')} error={partners.error} onRetry={() => void partners.refetch()} />;
  else if (partners.data.partners.length === 0) {
    body = (
      <EmptyState icon={<HubIcon />} title={t('page.emptyTitle')}>
        <Typography variant="body2">{canUpdate ? t('page.emptyCanUpdate') : t('page.emptyReadOnly')}</Typography>
      </EmptyState>
    );
  } else {
    body = (
      <PartnersTable
        partners={partners.data.partners}
        onOpen={(partner: RoamingPartner) => setOpenId(partner.id)}
        onCommand={canUpdate ? (partner, command) => setPending({ partner, command, isOpen: true }) : undefined}
      />
    );
  }

  return (
    <>
      <PageHeader
        title={t('page.title')}
        subtitle={t('page.subtitle')}
        actions={
          canUpdate ? (
            <>
              <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setDialog('invite')}>
                {t('page.invite')}
              </Button>
              <Button variant="outlined" startIcon={<AddLinkIcon />} onClick={() => setDialog('connect')}>
                {t('page.connect')}
              </Button>
            </>
          ) : null
        }
      />
      <Paper>{body}</Paper>
      {dialog === 'invite' ? <InvitePartnerDialog onClose={() => setDialog(null)} /> : null}
      {dialog === 'connect' ? <ConnectPartnerDialog onClose={() => setDialog(null)} /> : null}
      {pending ? (
        <PartnerConfirmDialog
          key={`${pending.partner.id}-${pending.command}`}
          pending={pending}
          onClose={() => setPending((current) => current && { ...current, isOpen: false })}
        />
      ) : null}
      {opened ? <PartnerDrawer partner={opened} onClose={() => setOpenId(null)} /> : null}
    </>
  );
};

export default RoamingPage;
