import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TimeZoneSelect } from './time-zone-select.tsx';

const Harness = ({ initial, onPick }: { initial: string; onPick: (zone: string) => void }) => {
  const [zone, setZone] = useState(initial);
  return (
    <TimeZoneSelect
      value={zone}
      onChange={(next) => {
        setZone(next);
        onPick(next);
      }}
    />
  );
};

describe('TimeZoneSelect: a searchable list of IANA zones, not free text', () => {
  it('finds a zone by part of its name and stores its IANA id', async () => {
    const user = userEvent.setup();
    const picked: string[] = [];
    render(<Harness initial="America/New_York" onPick={(zone) => picked.push(zone)} />);
    const input = screen.getByRole('combobox', { name: 'Time zone' });
    expect(input).toHaveValue('America/New York');
    await user.clear(input);
    await user.type(input, 'los ang');
    const option = await screen.findByRole('option', { name: /^America\/Los Angeles · P[SD]T$/ });
    await user.click(option);
    expect(picked).toEqual(['America/Los_Angeles']);
    expect(input).toHaveValue('America/Los Angeles');
  });

  it('offers only known zones: a made-up name matches nothing', async () => {
    const user = userEvent.setup();
    render(<Harness initial="UTC" onPick={() => undefined} />);
    const input = screen.getByRole('combobox', { name: 'Time zone' });
    await user.clear(input);
    await user.type(input, 'Mars/Olympus');
    expect(await screen.findByText('No options')).toBeInTheDocument();
  });
});
