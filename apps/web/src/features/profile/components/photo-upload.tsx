import { useRef } from 'react';
import { Camera } from 'lucide-react';
import { PHOTO_ACCEPT, PHOTO_MAX_BYTES, photoUploadTexts, profileMessages } from '@wise/shared';
import { Avatar } from '#web/components/ui/art/avatar';
import { Spinner } from '#web/components/ui/button';
import { toastError, toastSuccess } from '#web/components/ui/toast';
import { errorMessage } from '#web/lib/api-client';
import { useTexts } from '#web/lib/i18n';
import { useUploadPhoto } from '../api/upload-photo';
import './profile.css';

const accepted = new Set(PHOTO_ACCEPT.split(','));

interface PhotoUploadProps {
  name: string;
  photo: string;
  /** Lets the screen refresh other views of the photo. */
  onUploaded?: () => void;
}

/** The profile photo with a camera button; the server checks the file again by its content. */
export function PhotoUpload({ name, photo, onUploaded }: PhotoUploadProps) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadPhoto();
  const t = useTexts(photoUploadTexts);
  const messages = useTexts(profileMessages);

  const onFile = (file: File | undefined) => {
    if (!file) return;
    // Quick checks for a fast answer; the server decides (by content, not by name).
    if (file.size > PHOTO_MAX_BYTES) return toastError(messages.photoTooLarge);
    if (file.type && !accepted.has(file.type)) return toastError(messages.photoNotImage);
    upload.mutate(file, {
      onSuccess: (result) => {
        toastSuccess(result.message);
        onUploaded?.();
      },
      onError: (error) => toastError(errorMessage(error, messages.photoUnreadable)),
    });
  };

  return (
    <div className="photo-upload">
      <Avatar name={name} size={96} photo={photo} />
      <button
        type="button"
        className="photo-upload__button"
        onClick={() => input.current?.click()}
        disabled={upload.isPending}
        aria-label={photo ? t.change : t.upload}
      >
        {upload.isPending ? <Spinner /> : <Camera size={18} aria-hidden="true" />}
      </button>
      <input
        ref={input}
        type="file"
        accept={PHOTO_ACCEPT}
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="photo-input"
        onChange={(event) => {
          onFile(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
    </div>
  );
}
