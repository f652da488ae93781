/**
 * The PIN typed on the first screen, held in memory only until the confirm screen sends it:
 * never in the URL, history state or storage.
 */
let draft: { pin: string; currentPin?: string } | undefined;

export const pinDraft = {
  set(value: { pin: string; currentPin?: string }) {
    draft = value;
  },
  get() {
    return draft;
  },
  clear() {
    draft = undefined;
  },
};
