import './enabled-switch.css';

interface EnabledSwitchProps {
  checked: boolean;
  /** What it switches, read by screen readers: "Amazon enabled". */
  label: string;
  onChange: (next: boolean) => void;
  busy?: boolean;
  disabled?: boolean;
  /** Without the On/Off word, for tight table columns (the state is still read out). */
  compact?: boolean;
}

/** An on/off switch for "customers see this" (a card, a band, a bank, a wallet address). */
export function EnabledSwitch({ checked, label, onChange, busy, disabled, compact }: EnabledSwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      aria-busy={busy || undefined}
      className="biz-switch"
      disabled={disabled || busy}
      onClick={(event) => {
        // A switch inside a clickable row changes the switch only.
        event.stopPropagation();
        onChange(!checked);
      }}
    >
      <span className="biz-switch__track" aria-hidden="true">
        <span className="biz-switch__thumb" />
      </span>
      {compact ? null : <span className="biz-switch__text">{checked ? 'On' : 'Off'}</span>}
    </button>
  );
}
