import ConstructionIcon from '@mui/icons-material/Construction';
import Paper from '@mui/material/Paper';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';

/** Areas whose screens are not built yet say so plainly instead of showing made-up data. */
export const AreaPlaceholder = ({ title }: { title: string }) => (
  <>
    <PageHeader title={title} />
    <Paper>
      <EmptyState icon={<ConstructionIcon />} title={`${title} is not available yet`}>
        This part of Wattdesk is being built. Nothing here is hidden from you; there is simply no data to show yet.
      </EmptyState>
    </Paper>
  </>
);
