import { useMemo, useState } from 'react';
import {
  documentImageRequired as englishImageRequired,
  documentMessages,
  documentScreenTexts,
  SALE_IMAGE_MAX_BYTES,
  SALE_IMAGE_PICK_TYPES,
  type DocumentImageSide,
  type DocumentSubmitResult,
} from '@wise/shared';
import { Button } from '#web/components/ui/button';
import { ImagePicker } from '#web/components/ui/image-picker';
import { ProgressBar } from '#web/components/ui/progress-bar';
import { toastError } from '#web/components/ui/toast';
import { ApiError, errorMessage } from '#web/lib/api-client';
import { useImageAttachments, type AttachmentRules } from '#web/lib/use-image-attachments';
import { useTexts } from '#web/lib/i18n';
import { submitDocument } from '../api/submit-document';

/** One picture per side, checked as picked like a sale's (type, size), downscaled before sending. */
const rules = (m: typeof documentMessages): AttachmentRules => ({
  max: 1,
  maxBytes: SALE_IMAGE_MAX_BYTES,
  types: SALE_IMAGE_PICK_TYPES,
  messages: { tooMany: m.unknownField, tooLarge: m.imageTooLarge, notImage: m.imageNotImage },
});
const CAPTURE: Readonly<Record<DocumentImageSide, 'user' | 'environment'>> = { front: 'environment', back: 'environment', selfie: 'user' };
const SIDES = ['front', 'back', 'selfie'] as const;

/**
 * Tier 2 (docs/features.md, "Identity verification"): the ID's front and back from the back camera and a
 * selfie from the front one, each downscaled in the browser, sent together with upload progress.
 */
export function DocumentForm({ onSubmitted }: { onSubmitted: (result: DocumentSubmitResult) => void }) {
  const t = useTexts(documentScreenTexts);
  const messages = useTexts(documentMessages);
  const documentImageRequired = useTexts(englishImageRequired);
  const RULES = useMemo(() => rules(messages), [messages]);
  const front = useImageAttachments(RULES);
  const back = useImageAttachments(RULES);
  const selfie = useImageAttachments(RULES);
  const pictures = { front, back, selfie };
  const [fraction, setFraction] = useState<number>();
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const missing = SIDES.filter((side) => pictures[side].items.length === 0);
    for (const side of missing) pictures[side].setError(documentImageRequired[side]);
    if (missing.length > 0) return;
    setSubmitting(true);
    setFraction(0);
    try {
      const [[f], [b], [s]] = await Promise.all([front.files(), back.files(), selfie.files()]);
      if (!f || !b || !s) return;
      onSubmitted(await submitDocument({ front: f, back: b, selfie: s }, { onProgress: (progress) => setFraction(progress.fraction) }));
    } catch (error) {
      if (error instanceof ApiError) for (const side of SIDES) if (error.fields[side]) pictures[side].setError(error.fields[side]);
      toastError(errorMessage(error, t.submitFailed));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form className="screen__form" onSubmit={(event) => void submit(event)} noValidate aria-label={t.title}>
      {SIDES.map((side) => (
        <ImagePicker
          key={side}
          label={t.labels[side]}
          items={pictures[side].items}
          max={1}
          accept={SALE_IMAGE_PICK_TYPES.join(',')}
          capture={CAPTURE[side]}
          onPick={pictures[side].pick}
          onRemove={pictures[side].remove}
          error={pictures[side].error}
          hint={t.take[side]}
          disabled={submitting}
          inputTestId={`document-${side}-input`}
        />
      ))}
      <div className="screen__actions">
        {submitting ? <ProgressBar fraction={fraction} label={t.submit} /> : null}
        <Button type="submit" busy={submitting} busyLabel={t.submitting(Math.round((fraction ?? 0) * 100))}>
          {t.submit}
        </Button>
      </div>
    </form>
  );
}
