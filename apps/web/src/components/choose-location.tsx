import PlaceIcon from '@mui/icons-material/Place';
import Paper from '@mui/material/Paper';
import { useT } from '../i18n/use-t.ts';
import { commonText } from './common-text.ts';
import { EmptyState } from './empty-state.tsx';

/** For screens about one location while none is selected (users with Locations_Multi may have none). */
export const ChooseLocation = ({ purpose }: { purpose: string }) => {
  const t = useT(commonText);
  return (
    <Paper>
      <EmptyState icon={<PlaceIcon />} title={t('chooseLocation.title')}>
        {t('chooseLocation.body', { purpose })}
      </EmptyState>
    </Paper>
  );
};
