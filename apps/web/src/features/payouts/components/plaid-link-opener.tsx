import { useEffect } from 'react';
import { usePlaidLink } from 'react-plaid-link';
import type { LinkSuccess } from './link-success.ts';

/** Plaid's Link (from cdn.plaid.com) opened as soon as it is ready; renders nothing itself. */
const PlaidLinkOpener = ({ linkToken, onSuccess, onExit }: { linkToken: string; onSuccess: LinkSuccess; onExit: () => void }) => {
  const { open, ready, error } = usePlaidLink({
    token: linkToken,
    // Link answers a null token only in flows Wattdesk does not use (e.g. Transfer UI); treat it as closing.
    onSuccess: (publicToken, metadata) => (publicToken ? onSuccess(publicToken, metadata) : onExit()),
    onExit: () => onExit(),
  });
  useEffect(() => {
    if (ready) open();
  }, [ready, open]);
  useEffect(() => {
    if (error) onExit();
  }, [error, onExit]);
  return null;
};

export default PlaidLinkOpener;
