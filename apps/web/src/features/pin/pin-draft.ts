/**
 * The PIN typed on the first screen, held in memory only until the confirm screen sends it:
 * never in the URL, history state or storage.
 */
export interface PinDraft {
  pin: string;
  /** Present when an existing PIN is being changed. */
  currentPin?: string;
}

let draft: PinDraft | undefined;

export const pinDraft = {
  set(value: PinDraft) {
    draft = value;
  },
  get() {
    return draft;
  },
  clear() {
    draft = undefined;
  },
};
