/** The gift-card selling screens (docs/product.md §2, §5): catalogue, confirm account, sell form, success. */
export * from './gift-card-catalogue-screen';
export * from './gift-card-catalogue';
export * from './gift-card-confirm-account';
export * from './gift-card-sell-screen';
export * from './sale-success';
export * from './chosen-card';
export * from './sale-value';
export * from './sell-gift-card-form';
