/** /profile/data/download's words besides privacyMessages. */
export const dataDownloadTexts = {
  downloading: 'Downloading...',
} as const;
