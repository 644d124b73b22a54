export * from './eea';
export * from './sepa';
export * from './currencies';
export * from './documents';
export * from './transaction-types';
export * from './kinds';
