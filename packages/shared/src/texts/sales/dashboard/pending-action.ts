export const pendingActionTexts = {
  heading: 'Finish setting up',
  set_pin: { title: 'Set your transaction PIN', text: 'You need it to pay bills with your gems' },
  upload_photo: { title: 'Upload a profile photo', text: 'Put a face to your account' },
  add_bank_details: { title: 'Add your bank details', text: 'Where we pay you for your sales' },
} as const;
