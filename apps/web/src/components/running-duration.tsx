import { describeDuration, elapsedMs, formatDuration } from '../lib/charging-format.ts';
import { useNow } from '../lib/use-now.ts';

/**
 * How long a session has run, ticking every second. A timer role: screen readers do not announce each tick;
 * the words are in the label for whoever reads it.
 */
export const RunningDuration = ({ startedAt, stoppedAt = null }: { startedAt: string; stoppedAt?: string | null }) => {
  const now = useNow();
  const ms = elapsedMs(startedAt, stoppedAt, now);
  return (
    <span role="timer" aria-label={describeDuration(ms)}>
      {formatDuration(ms)}
    </span>
  );
};
