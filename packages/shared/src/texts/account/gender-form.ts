/** The profile modify screens and their forms (docs/product.md §5). */
export const genderFormTexts = {
  title: 'Modify Gender',
  intro: 'Choose the gender on your ID, so your details match when we pay you.',
  label: 'Gender',
  placeholder: 'Select gender',
  male: 'Male',
  female: 'Female',
  failed: 'Could not update your gender. Please try again',
} as const;
