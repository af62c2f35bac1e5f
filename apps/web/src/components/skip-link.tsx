import Link from '@mui/material/Link';
import type { RefObject } from 'react';

/**
 * "Skip to content": the first tab stop, out of sight until focused, so keyboard users pass the top bar and the
 * navigation in one step (WCAG 2.4.1). Focus is moved by hand: a #fragment would end up in the address.
 */
export const SkipLink = ({ target }: { target: RefObject<HTMLElement | null> }) => (
  <Link
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
      boxShadow: 3,
      borderRadius: 1,
      fontWeight: 600,
      transform: 'translateY(-200%)',
      '&:focus': { transform: 'none' },
    }}
  >
    Skip to content
  </Link>
);
