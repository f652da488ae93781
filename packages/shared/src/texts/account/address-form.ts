/** The profile modify screens and their forms (docs/product.md §5). */
export const addressFormTexts = {
  title: 'Modify Address',
  label: 'Address',
  placeholder: 'House number, street, city',
  failed: 'Could not update your address. Please try again',
} as const;
