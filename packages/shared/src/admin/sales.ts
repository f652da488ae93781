// Back office: the review queue, a sale for review, claims, decisions, rejection reasons, payouts as staff see them (helper: review).
export {};
