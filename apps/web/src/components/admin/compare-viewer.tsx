import { useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Maximize2, Minimize2, X } from 'lucide-react';
import type { ViewerImage } from './image-viewer';
import { useViewerFocus } from './use-viewer-focus';
import './image-viewer.css';

interface CompareViewerProps {
  /** Two or more images, shown side by side in this order (e.g. the ID's front, then the selfie). */
  images: ViewerImage[];
  label: string;
  onClose: () => void;
}

/**
 * Faces are compared side by side at full size, not as 180-pixel thumbnails: every image gets its
 * own pane the height of the screen, drawn at its own pixel size and scrolled within the pane, or
 * fitted to the pane at a tap. Escape closes; the focus comes back to what opened it.
 */
export function CompareViewer({ images, label, onClose }: CompareViewerProps) {
  const [fitted, setFitted] = useState(false);
  const closeRef = useRef<HTMLButtonElement>(null);
  useViewerFocus(closeRef, (event) => {
    if (event.key === 'Escape') onClose();
  });

  return createPortal(
    <div className="admin-viewer" role="dialog" aria-modal="true" aria-label={label}>
      <div className="admin-viewer__bar">
        <span className="admin-viewer__title">{label}</span>
        <button
          type="button"
          className="admin-icon-button"
          onClick={() => setFitted((value) => !value)}
          aria-pressed={fitted}
          aria-label={fitted ? 'Full size' : 'Fit to the screen'}
          title={fitted ? 'Full size' : 'Fit to the screen'}
        >
          {fitted ? <Maximize2 size={20} aria-hidden="true" /> : <Minimize2 size={20} aria-hidden="true" />}
        </button>
        <button ref={closeRef} type="button" className="admin-icon-button" onClick={onClose} aria-label="Close">
          <X size={22} aria-hidden="true" />
        </button>
      </div>
      <div className={`admin-compare${fitted ? ' admin-compare--fitted' : ''}`} data-testid="compare-viewer">
        {images.map((image) => (
          <figure key={image.src} className="admin-compare__pane" tabIndex={0} aria-label={image.alt}>
            <img src={image.src} alt={image.alt} draggable={false} />
            <figcaption>{image.alt}</figcaption>
          </figure>
        ))}
      </div>
    </div>,
    document.body,
  );
}
