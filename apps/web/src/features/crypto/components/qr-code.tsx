import { useEffect, useState } from 'react';
import { Skeleton } from '#web/components/ui/skeleton';

/** The quiet zone around the code, in modules (the standard asks for 4; 2 is read fine on a white card). */
const MARGIN = 2;

interface Modules {
  text: string;
  size: number;
  path: string;
}

/** One square per dark module, as a single path: small, crisp at any size. */
function modulesPath(size: number, data: Uint8Array): string {
  let path = '';
  for (let row = 0; row < size; row += 1) {
    for (let col = 0; col < size; col += 1) {
      if (data[row * size + col]) path += `M${col + MARGIN} ${row + MARGIN}h1v1h-1z`;
    }
  }
  return path;
}

/**
 * A QR code of `text`, drawn in the browser (no image from anywhere else). The encoder is
 * fetched with this component, so only the screen that shows a code pays for it.
 */
export function QrCode({ text, label, size = 184 }: { text: string; label: string; size?: number }) {
  const [modules, setModules] = useState<Modules | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    import('qrcode')
      .then(({ create }) => {
        const code = create(text, { errorCorrectionLevel: 'M' });
        if (!cancelled) setModules({ text, size: code.modules.size, path: modulesPath(code.modules.size, code.modules.data) });
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [text]);

  // The address is written out beside the code: without the drawing the customer can still copy it.
  if (failed) return null;
  if (!modules || modules.text !== text) return <Skeleton width={size} height={size} radius={8} />;
  const box = modules.size + MARGIN * 2;
  return (
    <svg
      className="qr"
      width={size}
      height={size}
      viewBox={`0 0 ${box} ${box}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      data-testid="wallet-qr"
    >
      <rect width={box} height={box} fill="#fff" />
      <path d={modules.path} fill="#0f1222" />
    </svg>
  );
}
