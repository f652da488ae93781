import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import './dialog.css';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  wide?: boolean;
  /** While an action runs, Escape and the backdrop do not close the dialog. */
  busy?: boolean;
}

/**
 * A centred modal: dimmed backdrop, focus moved in (the first field, else the panel) and given
 * back on close, Escape and a backdrop click close it, Tab stays inside.
 */
export function Dialog({ open, onClose, title, description, children, wide, busy }: DialogProps) {
  const titleId = useId();
  const textId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  const busyRef = useRef(busy);
  useEffect(() => {
    closeRef.current = onClose;
    busyRef.current = busy;
  });

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    const first = panel?.querySelector<HTMLElement>('input, select, textarea');
    (first ?? panel)?.focus();
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape' && !busyRef.current) closeRef.current();
      if (event.key !== 'Tab' || !panel) return;
      const focusable = panel.querySelectorAll<HTMLElement>('button:not(:disabled), input:not(:disabled), select, textarea, a[href]');
      const head = focusable[0];
      const tail = focusable[focusable.length - 1];
      if (!head || !tail) return;
      if (event.shiftKey && document.activeElement === head) {
        event.preventDefault();
        tail.focus();
      } else if (!event.shiftKey && document.activeElement === tail) {
        event.preventDefault();
        head.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus();
    };
  }, [open]);

  if (!open) return null;
  // On <body>, above the sticky sidebar and panels; a form inside is never nested in the page's form.
  return createPortal(
    <div className="admin-dialog" role="presentation">
      <div className="admin-dialog__backdrop" onClick={busy ? undefined : onClose} aria-hidden="true" />
      <div
        ref={panelRef}
        className={wide ? 'admin-dialog__panel admin-dialog__panel--wide' : 'admin-dialog__panel'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? textId : undefined}
        tabIndex={-1}
      >
        <div>
          <h2 id={titleId} className="admin-dialog__title">
            {title}
          </h2>
          {description ? (
            <p id={textId} className="admin-dialog__text">
              {description}
            </p>
          ) : null}
        </div>
        {children}
      </div>
    </div>,
    document.body,
  );
}

/** The row of buttons at the bottom of a dialog. */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className="admin-dialog__actions">{children}</div>;
}
