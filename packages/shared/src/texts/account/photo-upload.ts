/** The /profile screen's own words (docs/product.md §2); the server's answers are profileMessages. */
export const photoUploadTexts = {
  change: 'Change profile photo',
  upload: 'Upload profile photo',
} as const;
