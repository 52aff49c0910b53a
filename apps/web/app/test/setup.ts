// Component tests (Vitest + Testing Library on happy-dom): each test starts with no session, no
// cookies and no stubbed network; an unexpected console.error fails it (STYLE.md "Tests").
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// React's act() environment: updates in tests are flushed before assertions read the page.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const consoleError = vi.spyOn(console, 'error');
vi.spyOn(console, 'warn').mockImplementation(() => {});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`;
  }
  const calls = consoleError.mock.calls.slice();
  consoleError.mockClear();
  if (calls.length) throw new Error(`console.error was called: ${calls.map((c) => c.map(String).join(' ')).join('\n')}`);
});
