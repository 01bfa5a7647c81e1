import '@testing-library/jest-dom/vitest';

// jsdom lacks what the swipe gesture and Radix measure with; no-ops are enough for component tests.
Element.prototype.setPointerCapture ??= () => undefined;
Element.prototype.releasePointerCapture ??= () => undefined;
Element.prototype.hasPointerCapture ??= () => false;
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
