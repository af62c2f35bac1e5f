import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { useT } from '../../i18n/use-t.ts';
import { partsText } from '../parts-text.ts';

/**
 * A list screen's filters in one compact row that wraps onto a second when the screen is narrow. The theme
 * makes every TextField full width with a form margin (right for forms); here each field keeps its natural
 * width, so the filters take one line and the table stays above the fold.
 */
export const FilterBar = ({ label, children }: { label?: string; children: ReactNode }) => {
  const t = useT(partsText);
  return (
    <Box
      role="search"
      aria-label={label ?? t('filters.label')}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'flex-start',
        gap: 1.5,
        mb: 2,
        '& > .MuiFormControl-root, & > .MuiAutocomplete-root': { m: 0, width: 'auto' },
      }}
    >
      {children}
    </Box>
  );
};
