// Back office: the bank list (helper: business).
export {};
