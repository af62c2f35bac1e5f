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
import { commonText } from '../../../components/common-text.ts';
import { useSentence } from '../../../i18n/sentences.ts';
import { useT } from '../../../i18n/use-t.ts';
import { payoutsText } from '../payouts-text.ts';

type Props = { linkToken: string; onSuccess: LinkSuccess; onExit: () => void };

/**
 * The local Plaid sandbox's Link (decision 049): Plaid's Link cannot load here without keys, so this dialog
 * plays it. Sign in to a sandbox bank, choose an account, and it calls onSuccess(public_token, metadata) as Link does.
 */
export const SandboxLinkDialog = ({ linkToken, onSuccess, onExit }: Props) => {
  const institutions = useSandboxInstitutions();
  const t = useT(payoutsText);
  const common = useT(commonText);
  const sentence = useSentence();
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
      <DialogTitle id="sandbox-link-title">{t('sandbox.title')}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {sentence(bankLinkingSandboxNotice)} {t('sandbox.notice')}
        </Alert>
        {signIn.error ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {signIn.error instanceof ApiError ? signIn.error.messages.join('. ') : signIn.error.message}
          </Alert>
        ) : null}
        {answer ? (
          <FormControl>
            <FormLabel id="sandbox-account-label">{t('sandbox.accountAt', { institution: answer.institution.name })}</FormLabel>
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
              <FormLabel id="sandbox-bank-label">{t('bankCard.bank')}</FormLabel>
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
            <TextField
              label={t('sandbox.username')}
              value={username}
              onChange={(event) => setUsername(event.target.value)}
              helperText={t('sandbox.usernameHelp')}
            />
            <TextField
              label={t('sandbox.password')}
              type="password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              helperText={t('sandbox.passwordHelp')}
            />
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onExit}>{common('cancel')}</Button>
        <Button variant="contained" onClick={submit} loading={signIn.isPending} disabled={!answer && institutions.isPending}>
          {answer ? t('sandbox.continue') : t('sandbox.signIn')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
