export * from './permissions.js';
export * from './labels.js';
export * from './errors.js';
export * from './constants.js';
export * from './impact.js';
export * from './contracts/foundation.js';
