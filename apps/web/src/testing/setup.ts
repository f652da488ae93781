import { cleanup, configure } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, vi } from 'vitest';

// findBy…/waitFor give up after 1 s by default; a form's first validation first imports its schema
// module (lazy, docs/PERFORMANCE.md), which on the shared 2-core machine under a full CI run took longer
// (more than 5 s once, with other work beside the run). Waiting longer changes no outcome, only
// how long a failing test takes to say so.
configure({ asyncUtilTimeout: 10_000 });

// Files share their worker's modules (vitest.config.ts), and react-toastify keeps the toasts raised
// while no container is mounted in a module-level queue: a toast a screen raised as its test ended
// would show in the next file's screen. Dismissed with no container mounted, the queue is emptied.
beforeEach(() => {
  toast.dismiss();
});

afterEach(() => {
  cleanup();
  toast.dismiss();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
