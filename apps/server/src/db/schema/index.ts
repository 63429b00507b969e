export * from './auth.js';
export * from './app.js';
export * from './operations.js';
