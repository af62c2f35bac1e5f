import type { BankLinkToken } from '@wattdesk/shared/schemas/bank-accounts';
import { lazy, Suspense } from 'react';
import type { LinkSuccess } from './link-success.ts';
import { SandboxLinkDialog } from './sandbox-link-dialog.tsx';

// Plaid's own Link (react-plaid-link) is only needed with real keys: loaded on demand, never in the sandbox.
const PlaidLinkOpener = lazy(() => import('./plaid-link-opener.tsx'));

/** Opens Link for a link token: Plaid's Link with real keys, the local sandbox's Link without. */
export const BankLink = ({ token, onSuccess, onExit }: { token: BankLinkToken; onSuccess: LinkSuccess; onExit: () => void }) =>
  token.sandbox ? (
    <SandboxLinkDialog linkToken={token.linkToken} onSuccess={onSuccess} onExit={onExit} />
  ) : (
    <Suspense fallback={null}>
      <PlaidLinkOpener linkToken={token.linkToken} onSuccess={onSuccess} onExit={onExit} />
    </Suspense>
  );
