// Key presses matched against the accelerators of the shared command list ("CmdOrCtrl+Shift+C"),
// and accelerators written for people ("Ctrl+Shift+C", or "⇧⌘C" on a Mac).

export const IS_MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

interface Chord {
  key: string;
  primary: boolean;
  shift: boolean;
  alt: boolean;
}

function parse(accelerator: string): Chord {
  const parts = accelerator.split('+');
  const key = parts.pop()!.toLowerCase();
  const mods = new Set(parts.map((part) => part.toLowerCase()));
  return { key, primary: mods.has('cmdorctrl') || mods.has('commandorcontrol'), shift: mods.has('shift'), alt: mods.has('alt') };
}

/** The key's name as accelerators write it: letters lower-cased, "enter", "f6", ",". */
function keyName(event: Pick<KeyboardEvent, 'key' | 'code'>): string {
  // With Shift (or a non-Latin layout) `key` changes; the physical key says what was pressed.
  if (/^Key[A-Z]$/.test(event.code)) return event.code.slice(3).toLowerCase();
  if (/^Digit\d$/.test(event.code)) return event.code.slice(5);
  return event.key.toLowerCase();
}

/** Whether a key press is this accelerator (Cmd on a Mac, Ctrl elsewhere, for CmdOrCtrl). */
export function matchesAccelerator(event: Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>, accelerator: string, mac = IS_MAC): boolean {
  const chord = parse(accelerator);
  const primary = mac ? event.metaKey : event.ctrlKey;
  const other = mac ? event.ctrlKey : event.metaKey;
  return keyName(event) === chord.key && primary === chord.primary && !other && event.shiftKey === chord.shift && event.altKey === chord.alt;
}

/** The accelerator as the platform writes it. */
export function formatAccelerator(accelerator: string, mac = IS_MAC): string {
  const chord = parse(accelerator);
  const key = chord.key.length === 1 ? chord.key.toUpperCase() : chord.key === 'enter' ? (mac ? '↩' : 'Enter') : chord.key.toUpperCase();
  if (mac) return `${chord.alt ? '⌥' : ''}${chord.shift ? '⇧' : ''}${chord.primary ? '⌘' : ''}${key}`;
  return [chord.primary ? 'Ctrl' : '', chord.alt ? 'Alt' : '', chord.shift ? 'Shift' : '', key].filter(Boolean).join('+');
}
