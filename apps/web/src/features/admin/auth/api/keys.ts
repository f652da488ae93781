/** Query keys of the staff session: who is signed in, the enrolment secret. */
export const staffAuthKeys = {
  all: ['admin', 'auth'] as const,
  me: () => [...staffAuthKeys.all, 'me'] as const,
  enrolment: () => [...staffAuthKeys.all, 'enrolment'] as const,
};
