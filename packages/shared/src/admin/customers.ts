// Back office: customer look-up, lock, PIN reset (helper: customers).
export {};
