/** The home dashboard (docs/product.md §1) and its cards. */
export * from './dashboard';
export * from './gem-balance-card';
export * from './action-card';
export * from './pending-action';
export * from './services-grid';
export * from './notifications-screen';
