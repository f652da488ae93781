import { useCallback, useEffect, useRef, useState } from 'react';

/** What may be attached, and how each refusal reads (the caller's shared messages). */
export interface AttachmentRules {
  max: number;
  /** Per picture, as picked (before downscaling). */
  maxBytes: number;
  /** MIME types accepted as picked. */
  types: readonly string[];
  messages: { tooMany: string; tooLarge: string; notImage: string };
}

export interface Attachment {
  id: string;
  name: string;
  previewUrl: string;
  preparing: boolean;
  /** The file to upload: the downscaled copy once ready, the original if it could not be shrunk. */
  ready: Promise<File>;
}

/** Some phones give HEIC photos no MIME type: the name tells, and the server checks the content. */
const HEIC_NAME = /\.(heic|heif)$/i;

function refusal(file: File, rules: AttachmentRules): string | undefined {
  const typed = file.type ? rules.types.includes(file.type) : HEIC_NAME.test(file.name);
  if (!typed) return rules.messages.notImage;
  if (file.size > rules.maxBytes) return rules.messages.tooLarge;
  return undefined;
}

/** Downscaling is fetched on first use only, so screens without uploads never load it. */
async function prepare(file: File): Promise<File> {
  try {
    const { downscaleImage } = await import('./downscale-image');
    return await downscaleImage(file);
  } catch {
    return file;
  }
}

/**
 * Pictures a customer attaches to a form: checked as picked (count, size, type), shrunk in the
 * background one at a time (a cheap phone holds one decoded photo at once, not ten), previewed
 * through object URLs that are released when removed or when the screen closes.
 */
export function useImageAttachments(rules: AttachmentRules) {
  const [items, setItems] = useState<Attachment[]>([]);
  const [error, setError] = useState<string>();
  // The list as of the last change, for checks made between renders (a second pick, files()).
  const current = useRef<Attachment[]>([]);
  const update = useCallback((change: (list: Attachment[]) => Attachment[]) => {
    current.current = change(current.current);
    setItems(current.current);
  }, []);
  const urls = useRef(new Set<string>());
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const nextId = useRef(0);

  const objectUrl = useCallback((file: File) => {
    const url = URL.createObjectURL(file);
    urls.current.add(url);
    return url;
  }, []);
  const release = useCallback((url: string) => {
    if (urls.current.delete(url)) URL.revokeObjectURL(url);
  }, []);

  useEffect(() => {
    const owned = urls.current;
    return () => {
      for (const url of owned) URL.revokeObjectURL(url);
      owned.clear();
    };
  }, []);

  const pick = useCallback(
    (files: readonly File[]) => {
      let problem: string | undefined;
      const room = rules.max - current.current.length;
      const added: Attachment[] = [];
      for (const file of files) {
        const refused = refusal(file, rules);
        if (refused) {
          problem = refused;
          continue;
        }
        if (added.length >= room) {
          problem = rules.messages.tooMany;
          break;
        }
        nextId.current += 1;
        const id = `image-${nextId.current}`;
        const ready = queue.current.then(() => prepare(file));
        queue.current = ready;
        added.push({ id, name: file.name, previewUrl: objectUrl(file), preparing: true, ready });
        void ready.then((prepared) => {
          update((list) =>
            list.map((item) => {
              if (item.id !== id) return item;
              if (prepared === file) return { ...item, preparing: false };
              // The lighter copy is what will be sent: preview that, let the original go.
              release(item.previewUrl);
              return { ...item, preparing: false, previewUrl: objectUrl(prepared) };
            }),
          );
        });
      }
      setError(problem);
      if (added.length) update((list) => [...list, ...added]);
    },
    [rules, objectUrl, release, update],
  );

  const remove = useCallback(
    (id: string) => {
      const item = current.current.find((entry) => entry.id === id);
      if (item) release(item.previewUrl);
      update((list) => list.filter((entry) => entry.id !== id));
      setError(undefined);
    },
    [release, update],
  );

  /** The files to send, in the order shown, once every one is prepared. */
  const files = useCallback(() => Promise.all(current.current.map((item) => item.ready)), []);

  return { items, error, setError, pick, remove, files };
}
