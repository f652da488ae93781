import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy…/waitFor give up after 1 s by default; a form's first validation first imports its schema
// module (lazy, docs/PERFORMANCE.md), which on the shared 2-core machine under a full CI run took longer.
// Waiting longer changes no outcome, only how long a failing test takes to say so.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
