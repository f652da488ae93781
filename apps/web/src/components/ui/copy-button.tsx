import { useEffect, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import './copy-button.css';
import { copyButtonTexts } from '@wise/shared';
import { useTexts } from '#web/lib/i18n';

/** How long "Copied" stays before the button reads "Copy" again. */
const COPIED_MS = 2000;

/** The clipboard API where the page may use it, else the old select-and-copy (plain-http previews, older WebViews). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    } finally {
      area.remove();
    }
  }
}

interface CopyButtonProps {
  text: string;
  label?: string;
  copiedLabel?: string;
  /** The button's accessible name when its visible label alone would be vague ("Copy token"). */
  ariaLabel?: string;
  copiedAriaLabel?: string;
  onCopyFailed?: () => void;
}

/** Copies `text` (an address, a token), then says "Copied" for a moment (and to screen readers). */
export function CopyButton({ text, label, copiedLabel, ariaLabel, copiedAriaLabel, onCopyFailed }: CopyButtonProps) {
  const t = useTexts(copyButtonTexts);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const id = window.setTimeout(() => setCopied(false), COPIED_MS);
    return () => window.clearTimeout(id);
  }, [copied]);

  return (
    <button
      type="button"
      className={copied ? 'copy-button copy-button--done' : 'copy-button'}
      aria-label={(copied ? copiedAriaLabel : ariaLabel) ?? undefined}
      onClick={() => {
        void copyText(text).then((ok) => (ok ? setCopied(true) : onCopyFailed?.()));
      }}
    >
      {copied ? <Check size={18} aria-hidden="true" /> : <Copy size={18} aria-hidden="true" />}
      <span aria-live="polite">{copied ? (copiedLabel ?? t.copied) : (label ?? t.copy)}</span>
    </button>
  );
}
