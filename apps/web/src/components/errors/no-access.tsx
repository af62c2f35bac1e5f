import LockIcon from '@mui/icons-material/Lock';
import { useT } from '../../i18n/use-t.ts';
import { commonText } from '../common-text.ts';
import { EmptyState } from '../empty-state.tsx';

/** Shown for a dashboard address the user's role does not include: a plain statement, no error loop. */
export const NoAccess = () => {
  const t = useT(commonText);
  return (
    <EmptyState icon={<LockIcon />} title={t('noAccess.title')}>
      {t('noAccess.body')}
    </EmptyState>
  );
};
