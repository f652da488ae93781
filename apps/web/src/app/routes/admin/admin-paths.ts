/** Every back-office path, in one place (docs/style.md "paths"): screens link with these, never by hand. */
export const adminPaths = {
  root: '/admin',
  login: '/admin/login',
  invitation: '/admin/invitation',
  enrol: '/admin/enrol',
  verify: '/admin/verify',
  password: '/admin/password',
  sales: '/admin/sales',
  sale: (id: string) => `/admin/sales/${id}`,
  deposits: '/admin/deposits',
  audit: '/admin/audit',
  reconciliation: '/admin/reconciliation',
  identityDocuments: '/admin/identity-documents',
  staff: '/admin/staff',
  security: '/admin/security',
} as const;

/** Where a sign-in returns to: the page the staff member was sent away from, if it was in the back office. */
export function returnPath(state: unknown): string {
  if (state && typeof state === 'object' && 'from' in state) {
    const from = (state as { from: unknown }).from;
    if (typeof from === 'string' && from.startsWith('/admin') && !from.startsWith('/admin/login')) return from;
  }
  return adminPaths.root;
}
