import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InspectionTemplate } from '@wattdesk/shared/schemas/inspections';
import { describe, expect, it } from 'vitest';
import { InspectionFormDialog } from '../components/inspections/inspection-form-dialog.tsx';

const template: InspectionTemplate = {
  id: 't1',
  locationId: 'l1',
  name: 'Monthly check',
  target: 'charger',
  archived: false,
  updatedAt: '2026-11-20T08:00:00.000Z',
  sections: [
    {
      id: 's1',
      title: 'Cable and housing',
      questions: [
        { id: 'q1', text: 'Is the cable intact?', kind: 'yes-no', min: null, max: null, opensMaintenance: true },
        { id: 'q2', text: 'Insulation resistance (MΩ)', kind: 'number', min: 1, max: 500, opensMaintenance: false },
        { id: 'q3', text: 'Notes', kind: 'text', min: null, max: null, opensMaintenance: false },
      ],
    },
  ],
};

const renderForm = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <InspectionFormDialog template={template} locationId="l1" chargers={[{ id: 'c1', name: 'Bay 1' }]} onClose={() => undefined} />
    </QueryClientProvider>,
  );

describe('inspection fill-in form', () => {
  it('shows a failure as soon as a question is answered with a failing value, and clears it when the answer passes', async () => {
    const user = userEvent.setup();
    renderForm();
    expect(screen.queryByText(/^Fails/)).toBeNull();

    await user.click(screen.getByRole('radio', { name: 'No' }));
    expect(screen.getByText('Fails: answered No — the charger will be put in maintenance')).toBeTruthy();
    expect(screen.getByText('1 failed answer')).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    expect(screen.queryByText(/Fails: answered No/)).toBeNull();

    const reading = screen.getByRole('spinbutton', { name: 'Insulation resistance (MΩ)' });
    await user.type(reading, '0.5');
    expect(screen.getByText('Fails: should be between 1 and 500')).toBeTruthy();
    await user.clear(reading);
    await user.type(reading, '120');
    expect(screen.queryByText(/Fails: should be/)).toBeNull();
    expect(screen.queryByText(/failed answer/)).toBeNull();
  });

  it('asks for every answer and the charger before anything is sent', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Complete inspection' }));
    expect(screen.getByText('Choose the charger you inspected')).toBeTruthy();
    expect(screen.getByText('Answer this question')).toBeTruthy();
    expect(screen.getByText('Enter a number')).toBeTruthy();
  });
});
