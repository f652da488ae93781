// Back office: gift cards, sub-categories, rates and rate history (helper: business).
export {};
