import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';

// jsdom lacks what the swipe gesture and Radix measure with; no-ops are enough for component tests.
Element.prototype.setPointerCapture ??= () => undefined;
Element.prototype.releasePointerCapture ??= () => undefined;
Element.prototype.hasPointerCapture ??= () => false;
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// Screens load their chunks lazily; on a busy two-core machine that can take more than the
// default second. Waiting longer only slows a test that fails anyway.
configure({ asyncUtilTimeout: 5000 });
