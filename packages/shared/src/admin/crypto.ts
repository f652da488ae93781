// Back office: coin adjustments and wallet addresses (helper: business).
export {};
