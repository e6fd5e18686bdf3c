export * from './access.ts';
export * from './constants.ts';
export * from './contracts.ts';
export * from './errors.ts';
export * from './plans.ts';
