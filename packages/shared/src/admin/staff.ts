// Back office: staff management by admins (helper: staff auth).
export {};
