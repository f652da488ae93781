/** Query keys of the PIN feature. */
export const pinKeys = {
  all: ['pin'] as const,
  status: () => [...pinKeys.all, 'status'] as const,
};
