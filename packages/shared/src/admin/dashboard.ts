// Back office: the back-office dashboard (helper: business).
export {};
