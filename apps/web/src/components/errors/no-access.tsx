import LockIcon from '@mui/icons-material/Lock';
import { EmptyState } from '../empty-state.tsx';

/** Shown for a dashboard address the user's role does not include: a plain statement, no error loop. */
export const NoAccess = () => (
  <EmptyState icon={<LockIcon />} title="No access">
    Your role does not include this page. Ask an administrator of your network if you need it.
  </EmptyState>
);
