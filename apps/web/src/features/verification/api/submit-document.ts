import { documentSubmitResultSchema, type DocumentImageSide } from '@wise/shared';
import { uploadWithProgress, type UploadProgress } from '#web/lib/upload-with-progress';

/**
 * POST /api/profile/verification/document (multipart): the ID's front and back and the selfie,
 * already downscaled, in the fields `front`, `back`, `selfie`.
 */
export function submitDocument(
  images: Readonly<Record<DocumentImageSide, File>>,
  options: { signal?: AbortSignal; onProgress?: (progress: UploadProgress) => void } = {},
) {
  const body = new FormData();
  for (const side of ['front', 'back', 'selfie'] as const) body.append(side, images[side], images[side].name);
  return uploadWithProgress('/api/profile/verification/document', {
    body,
    schema: import.meta.env.DEV ? documentSubmitResultSchema : undefined,
    signal: options.signal,
    onProgress: options.onProgress,
  });
}
