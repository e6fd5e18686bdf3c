export * from './contracts.ts';
export * from './estimates.ts';
export * from './money.ts';
export * from './price-list-api.ts';
export * from './price-list-contracts.ts';
export * from './price-lists.ts';
export * from './pricing.ts';
