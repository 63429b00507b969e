export * from './auth.js';
export * from './app.js';
export * from './club-follows.js';
export * from './matches.js';
export * from './match-alerts.js';
export * from './operations.js';
export * from './providers.js';
