import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider.tsx';
import { AppRouter } from './app/router.tsx';
import { followAccountLanguage } from './i18n/follow-account.ts';
import { loadPseudo, PSEUDO } from './i18n/pseudo-mode.ts';
import { clearSelectionWithSession } from './lib/selected-location-store.ts';
import { watchInactivity } from './lib/inactivity-sign-out.ts';
import { syncSessionAcrossTabs } from './lib/session-store.ts';
import { watchUnhandledRejections } from './lib/unhandled-rejections.ts';

syncSessionAcrossTabs();
followAccountLanguage();
clearSelectionWithSession();
watchInactivity();
watchUnhandledRejections();
const render = () =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProvider>
        <AppRouter />
      </AppProvider>
    </StrictMode>,
  );
// The pseudo-locale's transforms come before the first screen in that mode only (pseudo-mode.ts).
if (PSEUDO) void loadPseudo().then(render);
else render();
