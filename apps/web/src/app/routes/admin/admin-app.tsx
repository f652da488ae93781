/** The back office's shell and its screens (owned by the admin-web helper). */
export function AdminApp() {
  return null;
}
