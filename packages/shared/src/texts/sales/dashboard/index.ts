/** The home dashboard (docs/product.md §1) and its cards. */
export * from './dashboard';
export * from './gem-balance-card';
export * from './action-card';
export * from './pending-action';
export * from './services-grid';
export * from './pin-screen';
export * from './pin-confirm-screen';
export * from './pin-success';
export * from './notifications-screen';
