export * from './constants.js';
export * from './email.js';
export * from './calls.js';
export * from './submissions.js';
export * from './organizations.js';
export * from './impact/index.js';
export * from './i18n/index.js';
