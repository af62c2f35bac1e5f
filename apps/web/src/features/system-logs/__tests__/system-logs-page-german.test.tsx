import type { Paged } from '@wattdesk/shared/schemas/common';
import type { SystemLogItem } from '@wattdesk/shared/schemas/system-logs';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadEveryArea } from '../../../i18n/catalogues.ts';
import { useLanguage } from '../../../i18n/language-store.ts';
import { allowDownloads, allowForBusyMachine, type ApiRoutes, ok, renderAs, startTestApi, type TestApi } from '../../../testing/test-api.tsx';
import { SystemLogsPage } from '../system-logs-page.tsx';

const bounce = {
  id: 's1',
  createdAt: '2026-11-22T10:00:05.000Z',
  level: 'error',
  source: 'mail',
  event: 'mail.send_failed',
  message: 'The mail server refused the message',
  details: { to: 'kim@example.com', code: 550 },
} satisfies SystemLogItem;

const paged = <T,>(items: T[], total = items.length): Paged<T> => ({ items, total, page: 1, pageSize: 25 });

let api: TestApi;
const routes: ApiRoutes = ({ path }) => {
  if (path === '/system-logs') return ok(paged([bounce]));
  if (path === '/system-logs/export') return { status: 200, file: 'Time,Level\r\n', contentType: 'text/csv', fileName: 'system-log.csv' };
  return undefined;
};

beforeAll(async () => {
  api = await startTestApi(routes);
  allowForBusyMachine();
  allowDownloads();
});
afterAll(() => api.close());
beforeEach(async () => {
  api.calls = [];
  await useLanguage.getState().choose('de');
  // As a change of language does for the screens already open: the screen then shows German without suspending.
  await loadEveryArea('de');
});
afterEach(async () => {
  await useLanguage.getState().choose('en');
  localStorage.clear();
});

// Limits, not measurements: the grid and its menus render slowly when the shared machine is busy.
describe('System Logs in German (issue 44)', { timeout: 120_000 }, () => {
  it('reads German: heading, columns, level and source, the filters, the time and the export toast', async () => {
    const user = userEvent.setup();
    renderAs('SuperAdmin', <SystemLogsPage />);
    expect(screen.getByRole('heading', { name: 'Systemprotokolle', level: 1 })).toBeInTheDocument();
    const grid = screen.getByRole('grid', { name: 'Systemereignisse' });
    expect(await within(grid).findByText('The mail server refused the message', {}, { timeout: 20_000 })).toBeInTheDocument();
    const headers = within(grid)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Zeit', 'Stufe', 'Quelle', 'Ereignis', 'Meldung']);
    expect(within(grid).getByText('Fehler')).toBeInTheDocument();
    expect(within(grid).getByText('E-Mail')).toBeInTheDocument();
    // The time the German way: "22. Nov. 2026, 10:00:05 UTC".
    expect(within(grid).getByText(/22\. Nov\. 2026, \d\d:00:05/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Ereignis oder Meldung suchen' })).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Quelle' }));
    expect(screen.getByRole('option', { name: 'Jede Quelle' })).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Hintergrundaufgabe' }));
    await waitFor(() => expect(api.callsTo('/system-logs').at(-1)?.query).toMatchObject({ source: 'background' }));
    await user.click(screen.getByRole('combobox', { name: 'Stufe' }));
    await user.click(screen.getByRole('option', { name: 'Warnung' }));
    await waitFor(() => expect(api.callsTo('/system-logs').at(-1)?.query).toMatchObject({ level: 'warning' }));

    await user.click(screen.getByRole('button', { name: 'CSV exportieren' }));
    expect(await screen.findByText('system-log.csv heruntergeladen', {}, { timeout: 20_000 })).toBeInTheDocument();
  });
});
