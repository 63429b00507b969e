export * from './constants.js';
export * from './errors.js';
export * from './nickname.js';
export * from './schemas/auth.js';
export * from './schemas/clubs.js';
export * from './schemas/profile.js';
export * from './club-style.js';
export * from './schemas/posts.js';
