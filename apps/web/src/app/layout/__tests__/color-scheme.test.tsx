import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { MuiThemeProvider } from '../../../components/mui-theme-provider.tsx';
import { useSession } from '../../../lib/session-store.ts';
import { UserMenu } from '../user-menu.tsx';

const renderMenu = () => {
  useSession.setState({
    user: {
      access_token: 'a',
      userId: 'u1',
      userType: 'Admin',
      locations: [],
      firstName: 'Rae',
      lastName: 'Lin',
      email: 'rae@example.com',
      phoneNumber: null,
    },
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <MuiThemeProvider>
          <UserMenu />
        </MuiThemeProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
};
const pageBackground = () => getComputedStyle(document.body).backgroundColor;

afterEach(() => {
  useSession.setState({ user: null });
  localStorage.clear();
});

describe('appearance', () => {
  it('follows the system by default, switches to dark from the account menu, and keeps the choice', async () => {
    const user = userEvent.setup();
    renderMenu();
    // jsdom reports no dark preference, so the system setting is light.
    expect(pageBackground()).toBe('rgb(244, 246, 248)');
    await user.click(screen.getByRole('button', { name: 'Account menu, RL' }));
    expect(screen.getByRole('menuitemradio', { name: 'Same as the system' })).toHaveAttribute('aria-checked', 'true');
    await user.click(screen.getByRole('menuitemradio', { name: 'Dark' }));
    await waitFor(() => expect(pageBackground()).toBe('rgb(15, 20, 25)'));
    expect(screen.getByRole('menuitemradio', { name: 'Dark' })).toHaveAttribute('aria-checked', 'true');
    // Kept for the next visit (MUI stores it).
    expect(Object.values({ ...localStorage })).toContain('dark');
  });
});
