// The app menu: every command of the palette, with its key, sent to the app window on the
// contract's event; the Edit roles that keep copy and paste working in text fields.
import { describe, expect, it } from 'vitest';
import { appMenuTemplate, installAppMenu, type MenuTemplate } from '../../../src/main/electron/menu';
import { COMMANDS } from '../../../src/shared/commands';
import { COMMAND_EVENT } from '../../../src/shared/contract';

function items(template: MenuTemplate): MenuTemplate {
  return template.flatMap((entry) => [entry, ...(Array.isArray(entry.submenu) ? items(entry.submenu) : [])]);
}

describe('the app menu', () => {
  it('lists every command once, with the same key as the renderer, and sends it when clicked', () => {
    const sent: string[] = [];
    const all = items(appMenuTemplate((id) => sent.push(id), 'linux'));
    const commands = all.filter((entry) => entry.id !== undefined);
    expect(commands.map((entry) => entry.id).sort()).toEqual(COMMANDS.map((command) => command.id).sort());
    for (const command of COMMANDS) {
      const entry = commands.find((candidate) => candidate.id === command.id)!;
      expect(entry).toMatchObject({ label: command.label, accelerator: command.accelerator });
      (entry.click as () => void)();
    }
    expect(sent).toEqual(COMMANDS.map((command) => command.id));
    expect(all.map((entry) => entry.role).filter(Boolean)).toEqual(expect.arrayContaining(['quit', 'undo', 'cut', 'copy', 'paste', 'selectAll']));
  });

  it('has the usual macOS app and window menus there only', () => {
    expect(appMenuTemplate(() => undefined, 'darwin').map((entry) => entry.role ?? entry.label)).toEqual(['appMenu', 'File', 'Edit', 'View', 'windowMenu']);
    expect(appMenuTemplate(() => undefined, 'win32').map((entry) => entry.role ?? entry.label)).toEqual(['File', 'Edit', 'View']);
  });

  it('installs the menu and sends commands to the window there is, on the contract\'s event', () => {
    const messages: unknown[][] = [];
    let built: MenuTemplate = [];
    let installed: unknown = null;
    const fakeMenu = { items: [] } as never;
    const builder = {
      buildFromTemplate: (template: MenuTemplate) => {
        built = template;
        return fakeMenu;
      },
      setApplicationMenu: (menu: unknown) => void (installed = menu),
    };
    let window: { send(channel: string, ...args: unknown[]): void } | null = null;
    expect(installAppMenu(builder, () => window, 'linux')).toBe(fakeMenu);
    expect(installed).toBe(fakeMenu);
    const save = items(built).find((entry) => entry.id === 'save')!;
    (save.click as () => void)(); // no window yet: nothing to send to, nothing breaks
    window = { send: (...args) => void messages.push(args) };
    (save.click as () => void)();
    expect(messages).toEqual([[COMMAND_EVENT, 'save']]);
  });
});
