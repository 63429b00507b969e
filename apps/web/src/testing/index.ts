/** Web test helpers: the contract's API mocked with MSW, fixtures, and the render helper (ARCHITECTURE.md, Testing). */
export * from './api';
export * from './fixtures';
export * from './render';
