export * from './text.js';
export * from './monument.js';
export * from './intervention.js';
export * from './vote.js';
export * from './error.js';
export * from './client-config.js';
export * from './routes.js';
export * from './facts.js';
