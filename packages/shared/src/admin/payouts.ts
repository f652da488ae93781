// Back office: payouts as staff see them, texts of the payout states (helper: payouts).
export {};
