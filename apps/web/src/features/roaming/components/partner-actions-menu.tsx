import MoreVertIcon from '@mui/icons-material/MoreVert';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { RoamingPartner } from '@wattdesk/shared/schemas/roaming';
import { useState } from 'react';
import { useT } from '../../../i18n/use-t.ts';
import { roamingText } from '../roaming-text.ts';

export type PartnerCommand = 'suspend' | 'resume' | 'reregister' | 'remove';

/** What can be done to a partner in its status: re-registering needs the credentials a connection holds. */
export const commandsFor = (partner: RoamingPartner): PartnerCommand[] => {
  if (partner.status === 'CONNECTED') return ['suspend', 'reregister', 'remove'];
  if (partner.status === 'SUSPENDED') return ['resume', 'remove'];
  return ['remove'];
};

export const PartnerActionsMenu = ({ partner, onCommand }: { partner: RoamingPartner; onCommand: (command: PartnerCommand) => void }) => {
  const t = useT(roamingText);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = `partner-actions-${partner.id}`;
  return (
    <>
      <IconButton
        aria-label={t('actions.label', { name: partner.name })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertIcon />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {commandsFor(partner).map((command) => (
          <MenuItem
            key={command}
            onClick={() => {
              setAnchor(null);
              onCommand(command);
            }}
          >
            {t(`command.${command}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
};
