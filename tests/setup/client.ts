import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy*/waitFor give up after 1 s by default; on a shared two-core machine running the whole
// suite, a lazy screen's first render can take longer. This only bounds how long a failing wait
// lasts — a passing wait returns as soon as its condition holds.
configure({ asyncUtilTimeout: 30_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
