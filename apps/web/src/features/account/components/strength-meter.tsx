import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { estimateStrength, type StrengthEstimate } from '../password-strength.ts';
import { useT } from '../../../i18n/use-t.ts';
import { accountText } from '../account-text.ts';

const LABELS = ['strength.0', 'strength.1', 'strength.2', 'strength.3', 'strength.4'] as const;
const COLORS = ['error', 'error', 'warning', 'success', 'success'] as const;
/** The bar (4 px) and one line of text (24 px, the page's line height): what the meter takes when shown. */
const METER_HEIGHT = 28;

/** How guessable the new password is, as the server will judge it. */
export const StrengthMeter = ({ password, userInputs }: { password: string; userInputs: readonly string[] }) => {
  const t = useT(accountText);
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
  const shown = password && estimate ? estimate : null;
  // The meter's place is kept while it is empty: the estimator loads on the first keystroke and answers late on a
  // slow connection, and a meter that then pushed the fields below it down moved the submit button under the pointer.
  return (
    <Box sx={{ mt: 1, minHeight: METER_HEIGHT }} aria-live="polite">
      {shown ? (
        <>
          <LinearProgress
            variant="determinate"
            value={(shown.score + 1) * 20}
            color={COLORS[shown.score] ?? 'error'}
            aria-label={t('strength.label')}
          />
          <Typography variant="caption" color={shown.isStrongEnough ? 'success.main' : 'error'}>
            {t(LABELS[shown.score] ?? LABELS[0])}
            {shown.hint ? ` — ${shown.hint}` : ''}
          </Typography>
        </>
      ) : null}
    </Box>
  );
};
