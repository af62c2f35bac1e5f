import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import type { ActiveSession } from '@wattdesk/shared/schemas/charging';
import type { SessionPayment } from '@wattdesk/shared/schemas/driver-payments';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadEveryArea } from '../../i18n/catalogues.ts';
import { useLanguage } from '../../i18n/language-store.ts';
import { useT } from '../../i18n/use-t.ts';
import { AccountStatusChip } from '../account-status-chip.tsx';
import { ActiveSessionSummary } from '../charger/active-session-summary.tsx';
import { ConnectionLabel, StatusChip } from '../charger/charger-status.tsx';
import { LicenseNotice } from '../charger/license-notice.tsx';
import { partsText } from '../parts-text.ts';
import { CsvImportDialog } from '../csv-import-dialog.tsx';
import { CsvRowRefusalsTable } from '../csv-row-refusals-table.tsx';
import { DateRangeFields } from '../form/date-range-fields.tsx';
import { FilterBar } from '../form/filter-bar.tsx';
import { accountStatusFilter, ListFilters } from '../form/list-filters.tsx';
import { MuiThemeProvider } from '../mui-theme-provider.tsx';
import { PaymentStatusChip } from '../payment-status-chip.tsx';
import { SessionPaymentsTable } from '../session-payments-table.tsx';

const Themed = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient()}>
    <MuiThemeProvider>{children}</MuiThemeProvider>
  </QueryClientProvider>
);

/** Renders under the theme; a themed render may wait for MUI's German texts once. */
const renderThemed = async (ui: ReactNode) => {
  await act(async () => {
    render(<Themed>{ui}</Themed>);
  });
};

const payment: SessionPayment = {
  sessionId: 's1',
  locationId: 'l1',
  locationName: 'Diridon Station',
  timeZone: 'America/Los_Angeles',
  driverId: 'd1',
  driverName: 'Rosa Diaz',
  amountMinor: 123456,
  currency: 'USD',
  status: 'failed',
  providerPaymentId: null,
  providerFeeMinor: null,
  refundedMinor: 0,
  attempts: 1,
  lastError: 'Card declined',
  nextAttemptAt: null,
  paidAt: null,
  createdAt: '2026-11-20T16:00:00.000Z',
};

const session: ActiveSession = {
  id: 'a1',
  transactionId: 7,
  connectorId: 2,
  idTag: '04A1B2C3',
  driverName: 'Rosa Diaz',
  startedAt: new Date(Date.now() - 65_000).toISOString(),
  energyKwh: 1234.5,
  powerKw: 7.2,
  cost: null,
};

const StatusFilter = () => {
  const t = useT(partsText);
  return (
    <FilterBar>
      <ListFilters
        search={{ label: 'Name', value: '', onChange: () => undefined, minWidth: 200 }}
        selects={[accountStatusFilter('ACTIVE', () => undefined, t)]}
      />
      <DateRangeFields value={{ from: '', to: '' }} onChange={() => undefined} />
    </FilterBar>
  );
};

beforeEach(async () => {
  await useLanguage.getState().choose('de');
  await loadEveryArea('de');
});
afterEach(async () => {
  await useLanguage.getState().choose('en');
  localStorage.clear();
});

describe('the shared components in German (issue 44)', { timeout: 60_000 }, () => {
  it('charger status, connection and the running session read German, figures the German way', async () => {
    const sixHoursAgo = new Date(Date.now() - 6 * 3600_000).toISOString();
    // The first themed render waits for MUI's German texts.
    await act(async () =>
      render(
        <Themed>
          <StatusChip status="charging" />
          <StatusChip status="offline" demoNotConnected />
          <ConnectionLabel connected={false} lastSeenAt={sixHoursAgo} lastKnownStatus="charging" />
          <ConnectionLabel connected lastSeenAt={null} />
          <AccountStatusChip status="ACTIVE" />
          <PaymentStatusChip status="refunded" />
          <ActiveSessionSummary session={session} />
          <LicenseNotice />
        </Themed>,
      ),
    );
    expect(await screen.findByText('Lädt')).toBeInTheDocument();
    expect(screen.getByText('Nicht verbunden (Demo)')).toBeInTheDocument();
    expect(screen.getByText('Offline · zuletzt gesehen vor 6 Stunden · zuletzt bekannt: Lädt')).toBeInTheDocument();
    expect(screen.getByText('Online')).toBeInTheDocument();
    expect(screen.getByText('Aktiv')).toBeInTheDocument();
    expect(screen.getByText('Erstattet')).toBeInTheDocument();

    const summary = screen.getByRole('region', { name: 'Ladevorgang an Anschluss 2' });
    expect(within(summary).getByText('Anschluss 2 · Rosa Diaz (04A1B2C3)')).toBeInTheDocument();
    expect(within(summary).getByText('Energie')).toBeInTheDocument();
    expect(within(summary).getByTestId('session-energy')).toHaveTextContent('1.234,50 kWh');
    expect(within(summary).getByTestId('session-power')).toHaveTextContent('7,2 kW');
    expect(within(summary).getByText('Dauer')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(/^Keine gültige Lizenz\. .* Weisen Sie unter „Lizenz“ einen Platz zu\.$/);
  });

  it('the filters: search region, status choices, day range', async () => {
    await renderThemed(<StatusFilter />);
    const filters = await screen.findByRole('search', { name: 'Filter' });
    expect(within(filters).getByRole('combobox', { name: 'Status' })).toHaveTextContent('Aktiv');
    expect(within(filters).getByLabelText('Von')).toBeInTheDocument();
    expect(within(filters).getByLabelText('Bis')).toBeInTheDocument();
  });

  it('the CSV import dialog and its refused rows', async () => {
    await renderThemed(
      <>
        <CsvImportDialog
          title="Ladestationen importieren"
          help="Eine CSV-Datei."
          upload={{ isPending: false, error: null, reset: () => undefined }}
          onImport={() => undefined}
          report={{ keyLabel: 'Ladestations-ID', keyOf: () => '' }}
          onClose={() => undefined}
        />
        <CsvRowRefusalsTable rows={[{ row: 2, errors: ['Leistung fehlt'] }]} keyLabel="Ladestations-ID" keyOf={() => 'CP-1'} />
      </>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Ladestationen importieren' });
    expect(within(dialog).getByText('CSV-Datei auswählen')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('CSV-Datei')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Importieren' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Abbrechen' })).toBeEnabled();
    // Behind the open dialog, out of the accessibility tree.
    const table = screen.getByRole('table', { name: 'Zeilen mit Fehlern', hidden: true });
    expect(
      within(table)
        .getAllByRole('columnheader', { hidden: true })
        .map((cell) => cell.textContent),
    ).toEqual(['Zeile', 'Ladestations-ID', 'Probleme']);
  });

  it("the server grid: German columns, amounts, its empty state and MUI's pager in German", async () => {
    const table = { grid: { paginationModel: { page: 0, pageSize: 10 }, onPaginationModelChange: () => undefined } };
    render(
      <Themed>
        <SessionPaymentsTable
          label="Zahlungen"
          rows={[payment]}
          total={1}
          isLoading={false}
          table={table as never}
          withDriver
          noRowsLabel="Keine Zahlungen"
        />
      </Themed>,
    );
    const grid = await screen.findByRole('grid', { name: 'Zahlungen' });
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Fahrer', 'Datum', 'Standort', 'Betrag', 'Status', 'Grund für Nichtzahlung', 'Referenz des Anbieters']);
    expect(within(grid).getByText(/^1\.234,56\s\$$/)).toBeInTheDocument();
    expect(within(grid).getByText('Fehlgeschlagen')).toBeInTheDocument();
    expect(screen.getByText('Zeilen pro Seite:')).toBeInTheDocument();
    cleanup();

    await renderThemed(
      <SessionPaymentsTable label="Zahlungen" rows={[]} total={0} isLoading={false} table={table as never} noRowsLabel="Keine Zahlungen" />,
    );
    expect(await screen.findByText('Keine Zahlungen')).toBeInTheDocument();
  });
});
