// Ctrl/Cmd+K: every action of the app in one filterable list, with its key. Arrow keys move,
// Enter runs, Escape (or a click outside) closes.
import { type KeyboardEvent, useCallback, useMemo, useRef, useState } from 'react';
import { type Command, COMMANDS } from '../../../shared/commands';
import { formatAccelerator } from '../lib/keys';
import { useApp } from '../store/app-store';
import { runCommand } from './use-commands';
import { useDismiss } from './use-dismiss';

function matches(command: Command, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const text = `${command.label} ${command.keywords ?? ''} ${command.id}`.toLowerCase();
  return words.every((word) => text.includes(word));
}

export function CommandPalette() {
  const open = useApp((s) => s.popover === 'palette');
  const openPopover = useApp((s) => s.openPopover);
  const close = useCallback(() => openPopover(null), [openPopover]);
  const box = useRef<HTMLDivElement>(null);
  useDismiss(open, box, close);
  if (!open) return null;
  return (
    <div className="palette-backdrop">
      <div className="palette" role="dialog" aria-modal="true" aria-label="Commands" ref={box} data-testid="palette">
        <PaletteList onClose={close} />
      </div>
    </div>
  );
}

function PaletteList({ onClose }: { onClose: () => void }) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const list = useRef<HTMLUListElement>(null);
  const shown = useMemo(() => COMMANDS.filter((command) => command.id !== 'command-palette' && matches(command, query)), [query]);
  const current = Math.min(active, Math.max(0, shown.length - 1));

  const run = (command: Command | undefined) => {
    if (!command) return;
    onClose();
    // After the palette is gone, so focus moves where the command puts it.
    requestAnimationFrame(() => runCommand(command.id));
  };
  const move = (to: number) => {
    const next = (to + shown.length) % Math.max(1, shown.length);
    setActive(next);
    list.current?.children[next]?.scrollIntoView({ block: 'nearest' });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') move(current + 1);
    else if (event.key === 'ArrowUp') move(current - 1);
    else if (event.key === 'Enter') run(shown[current]);
    else return;
    event.preventDefault();
  };

  return (
    <>
      <input
        className="palette-input"
        autoFocus
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        placeholder="Type a command…"
        aria-label="Filter the commands"
        aria-controls="palette-list"
        aria-activedescendant={shown[current] ? `command-${shown[current].id}` : undefined}
        spellCheck={false}
        data-testid="palette-input"
      />
      <ul className="palette-list" id="palette-list" role="listbox" ref={list}>
        {shown.map((command, index) => (
          <li
            key={command.id}
            id={`command-${command.id}`}
            role="option"
            aria-selected={index === current}
            className={index === current ? 'active' : ''}
            onMouseMove={() => setActive(index)}
            onClick={() => run(command)}
            data-testid="palette-item"
            data-command={command.id}
          >
            <span className="palette-label">{command.label}</span>
            {command.accelerator && <kbd>{formatAccelerator(command.accelerator)}</kbd>}
          </li>
        ))}
        {shown.length === 0 && <li className="palette-none muted">No command matches “{query}”.</li>}
      </ul>
    </>
  );
}
