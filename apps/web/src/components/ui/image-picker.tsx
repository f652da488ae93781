import { useId, useRef, type ReactNode } from 'react';
import { ImagePlus, X } from 'lucide-react';
import { Spinner } from './button';
import { useTexts, useTranslate } from '#web/lib/i18n';
import './field.css';
import './image-picker.css';
import { imagePickerTexts } from '@wise/shared';

export interface ImagePickerItem {
  id: string;
  name: string;
  /** An object URL of the picture (or of its downscaled copy). */
  previewUrl: string;
  /** Still being prepared (downscaled) for upload. */
  preparing?: boolean;
}

interface ImagePickerProps {
  label: ReactNode;
  items: readonly ImagePickerItem[];
  /** No add tile once this many are attached. */
  max: number;
  /** The input's accept list, e.g. "image/jpeg,image/png". */
  accept: string;
  onPick: (files: File[]) => void;
  onRemove: (id: string) => void;
  error?: string;
  hint?: ReactNode;
  disabled?: boolean;
  /** Lets browser tests attach files to the hidden input. */
  inputTestId?: string;
  /** Opens the camera straight away on phones: 'environment' (the back camera) or 'user' (a selfie). */
  capture?: 'user' | 'environment';
}

/**
 * Attach several pictures: thumbnails with a remove button each, and a tile that opens the
 * camera or gallery. What a picture may be is the caller's rule; this only shows and reports.
 */
export function ImagePicker({
  label,
  items,
  max,
  accept,
  onPick,
  onRemove,
  error,
  hint,
  disabled,
  inputTestId,
  capture,
}: ImagePickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const translate = useTranslate();
  const t = useTexts(imagePickerTexts);
  const labelId = useId();
  const messageId = useId();
  const full = items.length >= max;
  return (
    <div
      className={error ? 'field field--invalid' : 'field'}
      role="group"
      aria-labelledby={labelId}
      aria-describedby={error || hint ? messageId : undefined}
    >
      <p id={labelId} className="field__label">
        {label}
      </p>
      <ul className="image-picker">
        {items.map((item, index) => (
          <li key={item.id} className="image-picker__item" aria-busy={item.preparing || undefined}>
            <img className="image-picker__thumb" src={item.previewUrl} alt={`Image ${index + 1}: ${item.name}`} />
            {item.preparing ? (
              <span className="image-picker__busy" aria-label={t.preparing}>
                <Spinner />
              </span>
            ) : null}
            <button
              type="button"
              className="image-picker__remove"
              onClick={() => onRemove(item.id)}
              disabled={disabled}
              aria-label={`Remove image ${index + 1}`}
            >
              <X size={14} strokeWidth={3} aria-hidden="true" />
            </button>
          </li>
        ))}
        {full ? null : (
          <li>
            <button type="button" className="image-picker__add" onClick={() => input.current?.click()} disabled={disabled}>
              <ImagePlus size={22} aria-hidden="true" />
              <span>{items.length === 0 ? t.addPhotos : t.addMore}</span>
              <span className="image-picker__count tabular">
                {items.length}/{max}
              </span>
            </button>
          </li>
        )}
      </ul>
      <input
        ref={input}
        type="file"
        accept={accept}
        capture={capture}
        multiple={max > 1}
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        data-testid={inputTestId}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          // Cleared so picking the same file again still reports it.
          event.target.value = '';
          if (files.length) onPick(files);
        }}
      />
      {error ? (
        <p id={messageId} className="field__error" role="alert">
          {translate(error)}
        </p>
      ) : hint ? (
        <p id={messageId} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
