import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { estimateStrength, type StrengthEstimate } from '../password-strength.ts';

const LABELS = ['Very weak', 'Weak', 'Fair', 'Strong', 'Very strong'] as const;
const COLORS = ['error', 'error', 'warning', 'success', 'success'] as const;

/** How guessable the new password is, as the server will judge it. */
export const StrengthMeter = ({ password, userInputs }: { password: string; userInputs: readonly string[] }) => {
  const [estimate, setEstimate] = useState<StrengthEstimate | null>(null);
  const inputsKey = userInputs.join('\n');
  useEffect(() => {
    if (!password) return;
    let isCurrent = true;
    void estimateStrength(password, inputsKey.split('\n')).then((next) => {
      if (isCurrent) setEstimate(next);
    });
    return () => {
      isCurrent = false;
    };
  }, [password, inputsKey]);
  if (!password || !estimate) return null;
  return (
    <Box sx={{ mt: 1 }} aria-live="polite">
      <LinearProgress
        variant="determinate"
        value={(estimate.score + 1) * 20}
        color={COLORS[estimate.score] ?? 'error'}
        aria-label="Password strength"
      />
      <Typography variant="caption" color={estimate.isStrongEnough ? 'success.main' : 'error'}>
        {LABELS[estimate.score] ?? LABELS[0]}
        {estimate.hint ? ` — ${estimate.hint}` : ''}
      </Typography>
    </Box>
  );
};
