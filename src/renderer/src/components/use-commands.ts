// Runs the app's commands (src/shared/commands.ts) wherever they come from: a key anywhere in the
// window, the command palette, the overflow menu, or the desktop app's menu (sent by main). One
// runner, so a command does the same thing however it is asked for.
import { useEffect } from 'react';
import { type CommandId, COMMANDS } from '../../../shared/commands';
import { matchesAccelerator } from '../lib/keys';
import { appStore } from '../store/app-store';
import type { Theme } from '../store/settings-slice';
import { copyMarkdown, saveMarkdown } from './export-actions';

const NEXT_THEME: Record<Theme, Theme> = { system: 'light', light: 'dark', dark: 'system' };

/**
 * The regions F6 moves between, in order: the address bar, the three panes, the inspector. Each
 * is an element with `data-region`; focus goes to its `[data-focus]` element, else to it.
 */
function focusRegion(step: 1 | -1): void {
  const regions = [...document.querySelectorAll<HTMLElement>('[data-region]')].filter((region) => region.offsetParent !== null);
  if (regions.length === 0) return;
  const current = regions.findIndex((region) => region.contains(document.activeElement));
  const next = regions[(current + step + regions.length) % regions.length] ?? regions[0];
  const target = next.querySelector<HTMLElement>('[data-focus]') ?? next;
  target.focus();
}

function focusAddress(): void {
  const address = document.querySelector<HTMLInputElement>('[data-testid=address]');
  address?.focus();
  address?.select();
}

export function runCommand(id: CommandId): void {
  const state = appStore.getState();
  const toView = () => {
    if (state.view !== 'page') state.setView('page');
  };
  switch (id) {
    case 'focus-address':
      return focusAddress();
    case 'load': {
      const url = state.address.trim();
      if (url === '') return focusAddress();
      void state.load({ kind: 'url', url });
      return;
    }
    case 'open-file':
      document.querySelector<HTMLInputElement>('[data-testid=file-input]')?.click();
      return;
    case 'cancel':
      void state.cancel();
      return;
    case 'retry':
      void state.retry();
      return;
    case 'save':
      void saveMarkdown();
      return;
    case 'copy-markdown':
      void copyMarkdown();
      return;
    case 'command-palette':
      return state.togglePopover('palette');
    case 'next-pane':
    case 'previous-pane':
      state.openPopover(null);
      return focusRegion(id === 'next-pane' ? 1 : -1);
    case 'toggle-original-view':
      toView();
      return state.updateSettings({ originalView: state.settings.originalView === 'source' ? 'view' : 'source' });
    case 'toggle-cleaned-view':
      toView();
      return state.updateSettings({ cleanedView: state.settings.cleanedView === 'source' ? 'view' : 'source' });
    case 'toggle-markdown-view':
      toView();
      return state.updateSettings({ markdownView: state.settings.markdownView === 'source' ? 'view' : 'source' });
    case 'toggle-inspector':
      toView();
      // Its own button knows whether the window is too short to keep it open.
      requestAnimationFrame(() => document.querySelector<HTMLButtonElement>('[data-testid=inspector-toggle]')?.click());
      return;
    case 'filter-removals':
      toView();
      requestAnimationFrame(() => {
        if (!document.querySelector('[data-testid=removal-filter]')) document.querySelector<HTMLButtonElement>('[data-testid=inspector-toggle]')?.click();
        // After the inspector has opened.
        requestAnimationFrame(() => document.querySelector<HTMLInputElement>('[data-testid=removal-filter]')?.focus());
      });
      return;
    case 'toggle-render':
      return state.updateSettings({ render: !state.settings.render });
    case 'toggle-article':
      state.updateSettings({ article: !state.settings.article });
      // The page on screen is converted again in the new mode (its HTML stays in main).
      if (state.page) void state.reconvert();
      return;
    case 'toggle-front-matter':
      return state.updateSettings({ frontMatter: !state.settings.frontMatter });
    case 'toggle-theme':
      return state.updateSettings({ theme: NEXT_THEME[state.settings.theme] });
    case 'recent':
      toView();
      return state.openPopover('recent');
    case 'batch':
      return state.setView('batch');
    case 'settings':
      return state.openPopover('settings');
  }
}

/** A command the key handler ran is not run again when the menu sends it for the same press. */
const SAME_PRESS_MS = 400;

/** Listens for the commands' keys and for the desktop menu's commands. */
export function useCommands(): void {
  useEffect(() => {
    const ranAt = new Map<CommandId, number>();
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat) return;
      const command = COMMANDS.find((candidate) => candidate.accelerator !== undefined && matchesAccelerator(event, candidate.accelerator));
      if (!command) return;
      // A modal dialog owns the keys, except the palette's own toggle.
      if (appStore.getState().popover === 'settings' && command.id !== 'command-palette') return;
      event.preventDefault();
      ranAt.set(command.id, performance.now());
      runCommand(command.id);
    };
    window.addEventListener('keydown', onKey);
    const stop = window.openscraperCommands?.onCommand((id) => {
      if (performance.now() - (ranAt.get(id) ?? -Infinity) < SAME_PRESS_MS) return;
      runCommand(id);
    });
    return () => {
      window.removeEventListener('keydown', onKey);
      stop?.();
    };
  }, []);
}
