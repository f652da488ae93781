export const imagePickerTexts = { preparing: 'Preparing image', addPhotos: 'Add photos', addMore: 'Add more' } as const;
