import type { TermsResponse } from '@wattdesk/shared/schemas/agreements';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadEveryArea } from '../../../i18n/catalogues.ts';
import { useLanguage } from '../../../i18n/language-store.ts';
import { allowForBusyMachine, type ApiRoutes, ok, renderAs, startTestApi, type TestApi } from '../../../testing/test-api.tsx';
import AgreementPage from '../agreement-page.tsx';

const terms: TermsResponse = {
  accountName: 'Harbor Holdings',
  propertyName: 'Pier 39 Garage',
  address: { street: '1 Pier 39', city: 'San Francisco', state: 'CA', zip: '94133' },
};

let api: TestApi;
const routes: ApiRoutes = ({ method, path }) => {
  if (path === '/terms-and-conditions' && method === 'GET') return ok(terms);
  if (path === '/terms-and-conditions' && method === 'POST') return ok({ responseCode: 200, msg: ['Submission Successful'] });
  return undefined;
};

beforeAll(async () => {
  api = await startTestApi(routes);
  allowForBusyMachine();
});
afterAll(() => api.close());
beforeEach(async () => {
  await useLanguage.getState().choose('de');
  await loadEveryArea('de');
});
afterEach(async () => {
  await useLanguage.getState().choose('en');
  localStorage.clear();
});

describe("The signer's agreement page in German (issue 44)", { timeout: 120_000 }, () => {
  it('reads German: header, document, consent, the submit button and the shared success sentence', async () => {
    const user = userEvent.setup();
    renderAs(
      'Admin',
      <Routes>
        <Route path="/terms-and-conditions/:tokenId" element={<AgreementPage />} />
      </Routes>,
      [],
      '/terms-and-conditions/tok1',
    );
    expect(await screen.findByText('Vertrag zur Unterschrift', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Harbor Holdings', level: 1 })).toBeInTheDocument();
    expect(screen.getByTitle('Vertragsdokument')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Einwilligung in die elektronische Unterschrift' })).toBeInTheDocument();
    expect(screen.getByText(/^Indem ich dieses Kästchen ankreuze und auf „Absenden“ klicke/)).toBeInTheDocument();
    expect(screen.getByText(/Ladenetz für Elektrofahrzeuge\. Fragen zu diesem Vertrag\?/)).toBeInTheDocument();
    expect(document.title).toContain('Vertrag für Harbor Holdings');

    const submit = screen.getByRole('button', { name: 'Absenden' });
    expect(submit).toBeDisabled();
    await user.click(
      screen.getByRole('checkbox', { name: 'Ich habe den Vertrag gelesen und bin damit einverstanden, ihn elektronisch zu unterschreiben' }),
    );
    await user.click(submit);
    expect(await screen.findByRole('status')).toHaveTextContent('Erfolgreich gesendet. Sie erhalten in Kürze eine Bestätigung per E-Mail.');
  });
});
