import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AccountStatus } from '@wattdesk/shared/constants';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { FilterBar } from './filter-bar.tsx';
import { accountStatusFilter, ListFilters, selectFilter } from './list-filters.tsx';

const SIZES = ['small', 'large'] as const;
type Size = (typeof SIZES)[number];
type Seen = { search: string; status: AccountStatus | ''; size: Size | '' };

const Harness = ({ onChange }: { onChange: (seen: Seen) => void }) => {
  const [seen, setSeen] = useState<Seen>({ search: '', status: '', size: '' });
  const update = (next: Partial<Seen>) => {
    const merged = { ...seen, ...next };
    setSeen(merged);
    onChange(merged);
  };
  return (
    <FilterBar>
      <ListFilters
        search={{ label: 'Search name', value: seen.search, onChange: (search) => update({ search }), minWidth: 200 }}
        selects={[
          accountStatusFilter(seen.status, (status) => update({ status })),
          selectFilter({
            label: 'Size',
            anyLabel: 'Any size',
            value: seen.size,
            options: SIZES,
            optionLabel: (size) => size.toUpperCase(),
            onChange: (size) => update({ size }),
            minWidth: 120,
          }),
        ]}
      />
    </FilterBar>
  );
};

// Three MUI menus opened and closed in jsdom: 7-10 s alone at a load average of 22 on two cores, past 20 s beside other files.
describe('ListFilters: the people lists’ search and selects', { timeout: 60_000 }, () => {
  it('hands back what was typed and picked, typed as the options, and "any" as empty', async () => {
    // No pause between keystrokes: the picks are what is tested, and on a loaded machine every pause is a timer turn.
    const user = userEvent.setup({ delay: null });
    const seen: Seen[] = [];
    render(<Harness onChange={(next) => seen.push(next)} />);
    const filters = screen.getByRole('search', { name: 'Filters' });
    expect(filters).toContainElement(screen.getByLabelText('Search name'));

    await user.type(screen.getByLabelText('Search name'), 'ann');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Any status', 'PENDING', 'ACTIVE', 'INACTIVE']);
    await user.click(screen.getByRole('option', { name: 'INACTIVE' }));
    await user.click(screen.getByRole('combobox', { name: 'Size' }));
    await user.click(screen.getByRole('option', { name: 'LARGE' }));
    expect(seen.at(-1)).toEqual({ search: 'ann', status: 'INACTIVE', size: 'large' });

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'Any status' }));
    expect(seen.at(-1)).toEqual({ search: 'ann', status: '', size: 'large' });
  });
});
