// Key presses against the shared commands' accelerators, and the accelerators as people read them.
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/shared/commands';
import { formatAccelerator, matchesAccelerator } from '../../src/renderer/src/lib/keys';
import { splitUrl } from '../../src/renderer/src/lib/batch';

const press = (key: string, code: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey', boolean>> = {}) => ({ key, code, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods });

describe('keys', () => {
  it('match CmdOrCtrl to Ctrl elsewhere and Cmd on a Mac, by the physical key whatever Shift or the layout make of it', () => {
    expect(matchesAccelerator(press('l', 'KeyL', { ctrlKey: true }), 'CmdOrCtrl+L', false)).toBe(true);
    expect(matchesAccelerator(press('l', 'KeyL', { metaKey: true }), 'CmdOrCtrl+L', true)).toBe(true);
    expect(matchesAccelerator(press('l', 'KeyL', { metaKey: true }), 'CmdOrCtrl+L', false)).toBe(false);
    expect(matchesAccelerator(press('C', 'KeyC', { ctrlKey: true, shiftKey: true }), 'CmdOrCtrl+Shift+C', false)).toBe(true);
    expect(matchesAccelerator(press('c', 'KeyC', { ctrlKey: true }), 'CmdOrCtrl+Shift+C', false)).toBe(false);
    expect(matchesAccelerator(press('д', 'KeyL', { ctrlKey: true }), 'CmdOrCtrl+L', false)).toBe(true);
    expect(matchesAccelerator(press('Enter', 'Enter', { ctrlKey: true }), 'CmdOrCtrl+Enter', false)).toBe(true);
    expect(matchesAccelerator(press('F6', 'F6'), 'F6', false)).toBe(true);
    expect(matchesAccelerator(press('F6', 'F6', { shiftKey: true }), 'F6', false)).toBe(false);
    expect(matchesAccelerator(press(',', 'Comma', { ctrlKey: true }), 'CmdOrCtrl+,', false)).toBe(true);
  });

  it('are written the platform\'s way', () => {
    expect(formatAccelerator('CmdOrCtrl+Shift+C', false)).toBe('Ctrl+Shift+C');
    expect(formatAccelerator('CmdOrCtrl+Shift+C', true)).toBe('⇧⌘C');
    expect(formatAccelerator('CmdOrCtrl+Enter', false)).toBe('Ctrl+Enter');
    expect(formatAccelerator('Shift+F6', false)).toBe('Shift+F6');
  });

  it('are each one command\'s', () => {
    const keys = COMMANDS.flatMap((command) => (command.accelerator ? [command.accelerator] : []));
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('a batch row\'s URL', () => {
  it('keeps its host apart from the rest', () => {
    expect(splitUrl('https://news.example.com/a/b?c#d')).toEqual({ host: 'news.example.com', rest: '/a/b?c#d' });
    expect(splitUrl('http://127.0.0.1:8080')).toEqual({ host: '127.0.0.1:8080', rest: '' });
  });
});
