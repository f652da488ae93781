/** The crypto selling screens (docs/product.md §2, §4, §5) */
export * from './crypto-catalogue-screen';
export * from './unknown-coin';
export * from './sell-coin-screen';
export * from './crypto-confirm-account';
export * from './wallet-address-screen';
export * from './wallet-confirm-screen';
export * from './sell-coin-form';
export * from './transfer-proof-form';
export * from './wallet-address-card';
export * from './deposit-address-card';
export * from './deposit-status';
export * from './deposit-screen';
export * from './quote-summary';
export * from './quote-missing';
export * from './coin-list';
export * from './popular-crypto';
export * from './price-change';
