import PlaceIcon from '@mui/icons-material/Place';
import Paper from '@mui/material/Paper';
import { EmptyState } from './empty-state.tsx';

/** For screens about one location while none is selected (users with Locations_Multi may have none). */
export const ChooseLocation = ({ purpose }: { purpose: string }) => (
  <Paper>
    <EmptyState icon={<PlaceIcon />} title="Choose a location">
      Pick a location in the top bar to {purpose}.
    </EmptyState>
  </Paper>
);
