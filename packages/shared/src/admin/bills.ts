// Back office: bill orders and re-query (helper: business).
export {};
