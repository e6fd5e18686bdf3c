export * from './access.ts';
export * from './compatibility.ts';
export * from './components.ts';
export * from './constants.ts';
export * from './contracts.ts';
export * from './errors.ts';
export * from './notifications.ts';
export * from './plans.ts';
