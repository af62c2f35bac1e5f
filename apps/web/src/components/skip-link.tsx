import Box from '@mui/material/Box';
import type { RefObject } from 'react';
import { useT } from '../i18n/use-t.ts';
import { commonText } from './common-text.ts';

/**
 * "Skip to content": the first tab stop, out of sight until focused, so keyboard users pass the top bar and the
 * navigation in one step (WCAG 2.4.1). Focus is moved by hand: a #fragment would end up in the address.
 * A plain anchor styled as MUI's Link (primary colour, underline at 40 %): Link itself costs the dashboard's first
 * load 1.5 KB gzip for this one use (issue 18, decision 064).
 */
export const SkipLink = ({ target }: { target: RefObject<HTMLElement | null> }) => {
  const t = useT(commonText);
  return (
    <Box
      component="a"
      href="#main-content"
      onClick={(event) => {
        event.preventDefault();
        target.current?.focus();
      }}
      sx={{
        position: 'fixed',
        left: 8,
        top: 8,
        zIndex: 'tooltip',
        px: 2,
        py: 1,
        bgcolor: 'background.paper',
        color: 'primary.main',
        textDecoration: 'underline',
        textDecorationColor: (theme) => theme.alpha(theme.palette.primary.main, 0.4),
        '&:hover': { textDecorationColor: 'inherit' },
        boxShadow: 3,
        borderRadius: 1,
        fontWeight: 600,
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none' },
      }}
    >
      {t('skipLink')}
    </Box>
  );
};
