import { useEffect, useRef, useState } from 'react';
import { ImagePlus } from 'lucide-react';
import { catalogueMessages, type AdminGiftCard } from '@wise/shared/admin';
import { Button } from '#web/components/ui/button';
import { toastError, toastSuccess } from '#web/components/ui/toast';
import { adminErrorMessage } from '#web/lib/admin-api';
import { useUploadGiftCardImage } from '../api/upload-gift-card-image';
import { CardArt } from './card-art';
import './gift-cards.css';

/** What the server re-encodes (domain/uploads/image.ts) and its size limit. */
const ACCEPT = 'image/jpeg,image/png,image/webp';
const MAX_BYTES = 10 * 1024 * 1024;

/**
 * The card's picture as customers see it, and a new one chosen, previewed, then uploaded. Until a
 * picture is uploaded customers see the drawn artwork in the brand colour.
 */
export function GiftCardImage({ card }: { card: AdminGiftCard }) {
  const upload = useUploadGiftCardImage();
  const input = useRef<HTMLInputElement>(null);
  const [picked, setPicked] = useState<{ file: File; url: string }>();
  const [error, setError] = useState<string>();

  // The preview's object URL lives as long as its file is the chosen one.
  const current = useRef<string | undefined>(undefined);
  const show = (next: { file: File; url: string } | undefined) => {
    if (current.current) URL.revokeObjectURL(current.current);
    current.current = next?.url;
    setPicked(next);
    if (!next && input.current) input.current.value = '';
  };
  useEffect(
    () => () => {
      if (current.current) URL.revokeObjectURL(current.current);
    },
    [],
  );

  const choose = (file: File | undefined) => {
    setError(undefined);
    if (!file) return;
    if (!ACCEPT.split(',').includes(file.type)) return setError(catalogueMessages.imageNotImage);
    if (file.size > MAX_BYTES) return setError(catalogueMessages.imageTooLarge);
    show({ file, url: URL.createObjectURL(file) });
  };

  const send = () => {
    if (!picked) return;
    upload.mutate(
      { id: card.id, file: picked.file },
      {
        onSuccess: () => {
          show(undefined);
          toastSuccess(`New picture for ${card.name} saved`);
        },
        onError: (failure) => {
          setError(adminErrorMessage(failure, "Couldn't upload the picture. Try again"));
          toastError(adminErrorMessage(failure, "Couldn't upload the picture. Try again"));
        },
      },
    );
  };

  const previewUrl = picked?.url;
  return (
    <div className="biz-image">
      <figure className="biz-image__frame">
        <CardArt card={card} previewUrl={previewUrl} />
        <figcaption className="biz-image__caption">
          {previewUrl ? 'Preview — not saved yet' : card.image_url ? 'Uploaded picture' : 'Drawn artwork (no picture uploaded)'}
        </figcaption>
      </figure>
      <div className="biz-image__actions">
        <input
          ref={input}
          type="file"
          accept={ACCEPT}
          className="visually-hidden"
          tabIndex={-1}
          aria-label={`Picture file for ${card.name}`}
          data-testid="gift-card-image-input"
          onChange={(event) => choose(event.target.files?.[0])}
        />
        <Button variant="secondary" className="admin-btn--small" onClick={() => input.current?.click()} disabled={upload.isPending}>
          <ImagePlus size={16} aria-hidden="true" /> {card.image_url ? 'Replace picture' : 'Choose picture'}
        </Button>
        {picked ? (
          <>
            <Button className="admin-btn--small" onClick={send} busy={upload.isPending} busyLabel="Uploading...">
              Upload
            </Button>
            <Button variant="link" className="admin-btn--small" disabled={upload.isPending} onClick={() => show(undefined)}>
              Cancel
            </Button>
          </>
        ) : null}
      </div>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : (
        <p className="field__hint">JPEG, PNG or WebP, at most 10 MB. Re-encoded by the server.</p>
      )}
    </div>
  );
}
