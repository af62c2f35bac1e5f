import type { SandboxLinkAnswer } from '@wattdesk/shared/schemas/bank-accounts';
import { bankLinkingSandboxNotice } from '@wattdesk/shared/messages';
import { DIALOG_DEFAULT_WIDTH_PX } from '@wattdesk/shared/constants';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-error.ts';
import { useSandboxInstitutions, useSignInToSandboxBank } from '../api/bank-account-api.ts';
import type { LinkSuccess } from './link-success.ts';

type Props = { linkToken: string; onSuccess: LinkSuccess; onExit: () => void };

/**
 * The local Plaid sandbox's Link (decision 049): Plaid's Link cannot load here without keys, so this dialog
 * plays it. Sign in to a sandbox bank, choose an account, and it calls onSuccess(public_token, metadata) as Link does.
 */
export const SandboxLinkDialog = ({ linkToken, onSuccess, onExit }: Props) => {
  const institutions = useSandboxInstitutions();
  const signIn = useSignInToSandboxBank();
  const [institutionId, setInstitutionId] = useState('ins_109508');
  const [username, setUsername] = useState('user_good');
  const [password, setPassword] = useState('pass_good');
  const [answer, setAnswer] = useState<SandboxLinkAnswer>();
  const [accountId, setAccountId] = useState('');

  const submit = () => {
    if (answer) {
      const chosen = answer.accounts.find((entry) => entry.id === accountId) ?? answer.accounts[0]!;
      onSuccess(answer.publicToken, { institution: answer.institution, accounts: [chosen] });
      return;
    }
    signIn.mutate(
      { linkToken, institutionId, username, password },
      {
        onSuccess: (result) => {
          setAnswer(result);
          setAccountId(result.accounts[0]?.id ?? '');
        },
      },
    );
  };

  return (
    <Dialog open onClose={onExit} aria-labelledby="sandbox-link-title" slotProps={{ paper: { sx: { width: DIALOG_DEFAULT_WIDTH_PX } } }}>
      <DialogTitle id="sandbox-link-title">Link a bank account (Plaid sandbox)</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {bankLinkingSandboxNotice} This is Wattdesk's local Plaid sandbox: no real bank is contacted and no money moves.
        </Alert>
        {signIn.error ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {signIn.error instanceof ApiError ? signIn.error.messages.join('. ') : signIn.error.message}
          </Alert>
        ) : null}
        {answer ? (
          <FormControl>
            <FormLabel id="sandbox-account-label">Account at {answer.institution.name}</FormLabel>
            <RadioGroup aria-labelledby="sandbox-account-label" value={accountId} onChange={(event) => setAccountId(event.target.value)}>
              {answer.accounts.map((entry) => (
                <FormControlLabel
                  key={entry.id}
                  value={entry.id}
                  control={<Radio />}
                  label={`${entry.name} ••••${entry.mask ?? ''} (${entry.subtype ?? entry.type})`}
                />
              ))}
            </RadioGroup>
          </FormControl>
        ) : (
          <Stack spacing={2}>
            <FormControl>
              <FormLabel id="sandbox-bank-label">Bank</FormLabel>
              <RadioGroup aria-labelledby="sandbox-bank-label" value={institutionId} onChange={(event) => setInstitutionId(event.target.value)}>
                {(institutions.data?.institutions ?? []).map((entry) => (
                  <FormControlLabel
                    key={entry.institutionId}
                    value={entry.institutionId}
                    control={<Radio />}
                    label={`${entry.name} — ${entry.note}`}
                  />
                ))}
              </RadioGroup>
            </FormControl>
            <TextField label="Username" value={username} onChange={(event) => setUsername(event.target.value)} helperText="Sandbox: user_good" />
            <TextField
              label="Password"
              type="password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              helperText="Sandbox: pass_good"
            />
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onExit}>Cancel</Button>
        <Button variant="contained" onClick={submit} loading={signIn.isPending} disabled={!answer && institutions.isPending}>
          {answer ? 'Continue' : 'Sign in'}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
