/** The profile modify screens and their forms (docs/product.md §5). */
export const dateOfBirthFormTexts = {
  title: 'Modify Date of Birth',
  intro: 'Choose the day you were born, as it is on your ID. Tap the field to open the calendar.',
  label: 'Date of birth',
  failed: 'Could not update your date of birth. Please try again',
} as const;
