/** The transactions list and a transaction's detail (docs/product.md §2, §4). */
export * from './transaction-status';
export * from './history-screen';
export * from './transaction-history';
export * from './transaction-detail-screen';
export * from './transaction-detail';
export * from './status-timeline';
export * from './receipt-action';
export * from './crypto-return-form';
export * from './bill-order-detail';
export * from './sale-support';
