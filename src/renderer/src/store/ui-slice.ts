// What is open on screen and what the app just said: the one popover or dialog open at a time
// (Escape or a click elsewhere closes it), the note after a keep ("restored 1,204 characters") and
// the Markdown it brought back, to scroll to and flash.
import type { StateCreator } from 'zustand';
import type { Span } from '../lib/change';
import type { AppState } from './types';

export type Popover = 'recent' | 'warnings' | 'overflow' | 'palette' | 'settings';

export interface Notice {
  text: string;
  tone: 'ok' | 'info';
  /** Tells two equal notices apart (each one shows afresh). */
  id: number;
}

export interface UiSlice {
  /** What is typed in the address bar (the Load command and Retry read it). */
  address: string;
  popover: Popover | null;
  /** What Copy or Save last said, beside their buttons. */
  exportMessage: { text: string; tone: 'ok' | 'error' } | null;
  notice: Notice | null;
  /** The span of the Markdown a keep changed, to scroll to and flash; `id` makes each one new. */
  flash: (Span & { id: number }) | null;
  setAddress(address: string): void;
  setExportMessage(message: UiSlice['exportMessage']): void;
  openPopover(popover: Popover | null): void;
  togglePopover(popover: Popover): void;
  say(text: string, tone?: Notice['tone']): void;
  dismissNotice(): void;
}

let sequence = 0;

export const createUiSlice: StateCreator<AppState, [], [], UiSlice> = (set, get) => ({
  address: '',
  popover: null,
  exportMessage: null,
  notice: null,
  flash: null,
  setAddress: (address) => set({ address }),
  setExportMessage: (exportMessage) => set({ exportMessage }),
  openPopover: (popover) => set({ popover }),
  togglePopover: (popover) => set({ popover: get().popover === popover ? null : popover }),
  say: (text, tone = 'ok') => set({ notice: { text, tone, id: ++sequence } }),
  dismissNotice: () => set({ notice: null }),
});

export function nextFlashId(): number {
  return ++sequence;
}
