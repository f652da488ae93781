import { useRef, useState, type PointerEvent, type WheelEvent } from 'react';
import { createPortal } from 'react-dom';
import { ChevronLeft, ChevronRight, RotateCcw, X, ZoomIn, ZoomOut } from 'lucide-react';
import { useViewerFocus } from './use-viewer-focus';
import './image-viewer.css';

export interface ViewerImage {
  src: string;
  alt: string;
}

const MIN_ZOOM = 1;
const MAX_ZOOM = 6;
const STEP = 1.5;
const clampZoom = (zoom: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));

/**
 * Thumbnails of a sale's images; one click opens it full screen with zoom (buttons, wheel,
 * + and - keys), drag to move a zoomed image, arrows to the next image, Escape to close.
 */
export function ImageViewer({ images, label = 'Image' }: { images: ViewerImage[]; label?: string }) {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  if (images.length === 0) return <p className="admin-muted">No images.</p>;
  return (
    <>
      <ul className="admin-thumbs">
        {images.map((image, index) => (
          <li key={image.src}>
            <button type="button" className="admin-thumb" onClick={() => setOpenIndex(index)} aria-label={`Open ${image.alt}`}>
              <img src={image.src} alt="" loading="eager" decoding="async" />
              <span className="admin-thumb__zoom" aria-hidden="true">
                <ZoomIn size={14} />
              </span>
            </button>
          </li>
        ))}
      </ul>
      {openIndex !== null ? (
        <Lightbox images={images} index={openIndex} onIndex={setOpenIndex} onClose={() => setOpenIndex(null)} label={label} />
      ) : null}
    </>
  );
}

/**
 * Where a customer's photos were before they were deleted (a closed account, or the end of their
 * retention time): the words the API gives, one tile per photo, so nothing draws as a broken image.
 */
export function DeletedImages({ count, text }: { count: number; text: string }) {
  return (
    <ul className="admin-thumbs" data-testid="deleted-images">
      {Array.from({ length: Math.max(1, count) }, (_, index) => (
        <li key={index} className="admin-thumb admin-thumb--deleted">
          {text}
        </li>
      ))}
    </ul>
  );
}

interface LightboxProps {
  images: ViewerImage[];
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
  label: string;
}

function Lightbox({ images, index, onIndex, onClose, label }: LightboxProps) {
  const { zoom, offset, zoomTo, reset, stageHandlers } = useZoomAndPan();
  const closeRef = useRef<HTMLButtonElement>(null);
  const image = images[index] ?? images[0];
  const count = images.length;

  const go = (step: number) => {
    reset();
    onIndex((index + step + count) % count);
  };

  useViewerFocus(closeRef, (event) => {
    if (event.key === 'Escape') onClose();
    else if (event.key === 'ArrowRight' && count > 1) go(1);
    else if (event.key === 'ArrowLeft' && count > 1) go(-1);
    else if (event.key === '+' || event.key === '=') zoomTo(zoom * STEP);
    else if (event.key === '-') zoomTo(zoom / STEP);
    else if (event.key === '0') reset();
  });

  if (!image) return null;
  return createPortal(
    <div className="admin-viewer" role="dialog" aria-modal="true" aria-label={`${label} ${index + 1} of ${count}`}>
      <div className="admin-viewer__bar">
        <span className="admin-viewer__title">
          {label} {index + 1} of {count}
        </span>
        <button
          type="button"
          className="admin-icon-button"
          onClick={() => zoomTo(zoom / STEP)}
          disabled={zoom <= MIN_ZOOM}
          aria-label="Zoom out"
        >
          <ZoomOut size={20} aria-hidden="true" />
        </button>
        <span className="admin-viewer__zoom" aria-live="polite">
          {Math.round(zoom * 100)}%
        </span>
        <button
          type="button"
          className="admin-icon-button"
          onClick={() => zoomTo(zoom * STEP)}
          disabled={zoom >= MAX_ZOOM}
          aria-label="Zoom in"
        >
          <ZoomIn size={20} aria-hidden="true" />
        </button>
        <button type="button" className="admin-icon-button" onClick={reset} disabled={zoom === 1} aria-label="Reset zoom">
          <RotateCcw size={20} aria-hidden="true" />
        </button>
        {count > 1 ? (
          <>
            <button type="button" className="admin-icon-button" onClick={() => go(-1)} aria-label="Previous image">
              <ChevronLeft size={22} aria-hidden="true" />
            </button>
            <button type="button" className="admin-icon-button" onClick={() => go(1)} aria-label="Next image">
              <ChevronRight size={22} aria-hidden="true" />
            </button>
          </>
        ) : null}
        <button ref={closeRef} type="button" className="admin-icon-button" onClick={onClose} aria-label="Close">
          <X size={22} aria-hidden="true" />
        </button>
      </div>
      <div className="admin-viewer__stage" {...stageHandlers}>
        <img
          src={image.src}
          alt={image.alt}
          draggable={false}
          style={{ transform: `scale(${zoom}) translate(${offset.x}px, ${offset.y}px)` }}
        />
      </div>
    </div>,
    document.body,
  );
}

/** Zoom by steps, the wheel or a double click (clamped, back to the fit at 1), and drag to pan while zoomed in. */
function useZoomAndPan() {
  const [zoom, setZoom] = useState(1);
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const drag = useRef<{ x: number; y: number; startX: number; startY: number } | null>(null);

  const reset = () => {
    setZoom(1);
    setOffset({ x: 0, y: 0 });
  };
  const zoomTo = (next: number) => {
    const clamped = clampZoom(next);
    setZoom(clamped);
    if (clamped === 1) setOffset({ x: 0, y: 0 });
  };
  const onWheel = (event: WheelEvent<HTMLDivElement>) => {
    zoomTo(zoom * (event.deltaY < 0 ? 1.2 : 1 / 1.2));
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (zoom === 1) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: offset.x, y: offset.y, startX: event.clientX, startY: event.clientY };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (!start) return;
    setOffset({ x: start.x + (event.clientX - start.startX) / zoom, y: start.y + (event.clientY - start.startY) / zoom });
  };
  const endDrag = () => {
    drag.current = null;
  };

  const stageHandlers = {
    onWheel,
    onPointerDown,
    onPointerMove,
    onPointerUp: endDrag,
    onPointerCancel: endDrag,
    onDoubleClick: () => (zoom === 1 ? zoomTo(2) : reset()),
  };
  return { zoom, offset, zoomTo, reset, stageHandlers };
}
