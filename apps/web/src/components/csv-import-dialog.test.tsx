import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { validationMessages } from '@wattdesk/shared/messages';
import { MAX_UPLOAD_BYTES } from '@wattdesk/shared/validation';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { toApiError } from '../lib/api-error.ts';
import { CsvImportDialog } from './csv-import-dialog.tsx';

type ThingRefusal = { row: number; thingId: string; errors: string[] };

/** What the server answers an all-or-nothing import: bad.csv is refused with its rows, anything else is imported. */
const upload = async (file: File): Promise<{ created: number }> => {
  if (file.name !== 'bad.csv') return { created: 2 };
  const rows: ThingRefusal[] = [
    { row: 2, thingId: 'T-1', errors: ['Kind must be one of a, b', 'Power must be a number'] },
    { row: 4, thingId: '', errors: ['Thing id is required'] },
  ];
  throw toApiError(400, { responseCode: 400, msg: ['2 rows have errors; nothing was imported'], rows });
};

// Like the feature dialogs: the mutation lives with the dialog, so a closed dialog forgets its answer.
const ThingImportDialog = ({ onDone }: { onDone: (created: number) => void }) => {
  const mutation = useMutation({ mutationFn: upload, meta: { errorHandled: true } });
  return (
    <CsvImportDialog
      title="Import things"
      help="A CSV file with the header thingId,kind."
      upload={mutation}
      onImport={(file) => mutation.mutate(file, { onSuccess: ({ created }) => onDone(created) })}
      report={{ keyLabel: 'Thing id', keyOf: (row: ThingRefusal) => row.thingId }}
      onClose={() => onDone(0)}
    />
  );
};

const Screen = () => {
  const [open, setOpen] = useState(true);
  const [imported, setImported] = useState(0);
  return (
    <>
      <p>{imported} things imported</p>
      <button type="button" onClick={() => setOpen(true)}>
        Import CSV
      </button>
      {open ? (
        <ThingImportDialog
          onDone={(created) => {
            setImported(created);
            setOpen(false);
          }}
        />
      ) : null}
    </>
  );
};

const csv = (name: string, bytes = 20) => new File(['x'.repeat(bytes)], name, { type: 'text/csv' });

const renderScreen = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Screen />
    </QueryClientProvider>,
  );

describe('CsvImportDialog', () => {
  it('lists every refused row with its problems, and forgets them when another file is chosen', async () => {
    const user = userEvent.setup();
    renderScreen();
    const dialog = screen.getByRole('dialog', { name: 'Import things' });
    expect(within(dialog).getByLabelText('CSV file')).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled();

    await user.upload(within(dialog).getByLabelText('CSV file'), csv('bad.csv'));
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));

    expect(await within(dialog).findByText('2 rows have errors; nothing was imported')).toBeVisible();
    const report = within(dialog).getByRole('table', { name: 'Rows with errors' });
    const [header, first, second] = within(report).getAllByRole('row');
    expect(header).toHaveTextContent('RowThing idProblems');
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2', 'T-1', 'Kind must be one of a, bPower must be a number']);
    expect(
      within(second!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['4', '—', 'Thing id is required']);
    expect(screen.getByText('0 things imported')).toBeInTheDocument();

    await user.upload(within(dialog).getByLabelText('CSV file'), csv('good.csv'));
    expect(within(dialog).queryByRole('table', { name: 'Rows with errors' })).toBeNull();
    expect(within(dialog).queryByText(/nothing was imported/)).toBeNull();
    expect(within(dialog).getByText('good.csv')).toBeInTheDocument();
  });

  it('closes on success, and opens again with no file and no report', async () => {
    const user = userEvent.setup();
    renderScreen();
    let dialog = screen.getByRole('dialog', { name: 'Import things' });
    await user.upload(within(dialog).getByLabelText('CSV file'), csv('bad.csv'));
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    await within(dialog).findByRole('table', { name: 'Rows with errors' });

    await user.upload(within(dialog).getByLabelText('CSV file'), csv('good.csv'));
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('2 things imported')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Import CSV' }));
    dialog = screen.getByRole('dialog', { name: 'Import things' });
    expect(within(dialog).getByText('Choose CSV file')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled();
    expect(within(dialog).queryByRole('table', { name: 'Rows with errors' })).toBeNull();
  });

  it('refuses a file over the upload size before sending it', async () => {
    const user = userEvent.setup();
    renderScreen();
    const dialog = screen.getByRole('dialog', { name: 'Import things' });
    await user.upload(within(dialog).getByLabelText('CSV file'), csv('huge.csv', MAX_UPLOAD_BYTES + 1));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(validationMessages.fileTooLarge);
    expect(within(dialog).getByText('Choose CSV file')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled();
  });
});
