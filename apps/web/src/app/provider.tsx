import { TOAST_AUTO_CLOSE_MS } from '@wattdesk/shared/constants';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ToastContainer } from 'react-toastify/unstyled';
import 'react-toastify/ReactToastify.css';
import { createQueryClient } from '../lib/query-client.ts';

/**
 * What every screen needs, the sign-in page included. MUI's theme is not here: it loads with the first screen that
 * uses MUI (components/themed.tsx), so the sign-in page ships without MUI and emotion (decision 002).
 */
export const AppProvider = ({ children }: { children: ReactNode }) => {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToastContainer position="top-center" autoClose={TOAST_AUTO_CLOSE_MS} newestOnTop closeOnClick pauseOnFocusLoss={false} />
    </QueryClientProvider>
  );
};
