// Back office: the audit log (helper: customers).
export {};
