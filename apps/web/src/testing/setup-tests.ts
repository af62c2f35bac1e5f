import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// Several screens are tested against a real local HTTP server; on a busy 2-core machine (CI runs suites side by
// side) their answers can take longer than Testing Library's default second.
configure({ asyncUtilTimeout: 5000 });

// A console.error during a test (React warnings, failed prop types) fails it.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error during test: ${args.map(String).join(' ')}`);
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});
