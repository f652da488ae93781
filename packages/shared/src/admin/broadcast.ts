// Back office: broadcast notifications (helper: customers).
export {};
