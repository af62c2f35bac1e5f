import type { ReactNode } from 'react';

/** The primary action of a plain screen; disabled while its request runs, so a second press sends nothing. */
export const PlainButton = ({ isBusy = false, children }: { isBusy?: boolean; children: ReactNode }) => (
  <button type="submit" className="wd-button" disabled={isBusy} aria-busy={isBusy}>
    {children}
  </button>
);

/** Looks like a link, acts in place (a step back, a dialog): a button, so keyboard and screen readers treat it as one. */
export const LinkButton = ({ onClick, children }: { onClick: () => void; children: ReactNode }) => (
  <button type="button" className="wd-link" onClick={onClick}>
    {children}
  </button>
);
