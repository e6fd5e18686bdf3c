export * from './money.ts';
export * from './price-lists.ts';
export * from './pricing.ts';
