// The desktop app's menu: the same actions as the command palette and the keys (from the shared
// COMMANDS list), each sent to the renderer, which runs it as if its key had been pressed. The
// template is plain data, built by a function that takes Electron's Menu (so a test can pass a
// stand-in); the Edit menu's roles keep copy and paste working in text fields on macOS.
import type { Menu, MenuItemConstructorOptions } from 'electron';
import { type Command, type CommandGroup, COMMANDS, type CommandId } from '../../shared/commands';
import { COMMAND_EVENT } from '../../shared/contract';

export type MenuTemplate = MenuItemConstructorOptions[];

/** The part of Electron's Menu this needs. */
export interface MenuBuilder {
  buildFromTemplate(template: MenuItemConstructorOptions[]): Menu;
  setApplicationMenu(menu: Menu | null): void;
}

/** Where a command goes: the app window's web contents, when there is a window. */
export type CommandTarget = () => { send(channel: string, ...args: unknown[]): void } | null | undefined;

const GROUP_LABEL: Record<CommandGroup, string> = { file: 'File', edit: 'Edit', view: 'View' };

function item(command: Command, send: (id: CommandId) => void): MenuItemConstructorOptions {
  return { id: command.id, label: command.label, accelerator: command.accelerator, click: () => send(command.id) };
}

function commandsIn(group: CommandGroup, send: (id: CommandId) => void): MenuItemConstructorOptions[] {
  return COMMANDS.filter((command) => command.group === group).map((command) => item(command, send));
}

/** The menu as data: File, Edit and View with every command, and the platform's usual roles. */
export function appMenuTemplate(send: (id: CommandId) => void, platform: NodeJS.Platform = process.platform): MenuItemConstructorOptions[] {
  const mac = platform === 'darwin';
  const separator: MenuItemConstructorOptions = { type: 'separator' };
  return [
    ...(mac ? [{ role: 'appMenu' } as MenuItemConstructorOptions] : []),
    { label: GROUP_LABEL.file, submenu: [...commandsIn('file', send), separator, mac ? { role: 'close' } : { role: 'quit' }] },
    {
      label: GROUP_LABEL.edit,
      submenu: [{ role: 'undo' }, { role: 'redo' }, separator, { role: 'cut' }, { role: 'copy' }, { role: 'paste' }, { role: 'selectAll' }, separator, ...commandsIn('edit', send)],
    },
    {
      label: GROUP_LABEL.view,
      submenu: [...commandsIn('view', send), separator, { role: 'resetZoom' }, { role: 'zoomIn' }, { role: 'zoomOut' }, separator, { role: 'togglefullscreen' }],
    },
    ...(mac ? [{ role: 'windowMenu' } as MenuItemConstructorOptions] : []),
  ];
}

export function buildAppMenu(builder: MenuBuilder, send: (id: CommandId) => void, platform: NodeJS.Platform = process.platform): Menu {
  return builder.buildFromTemplate(appMenuTemplate(send, platform));
}

/** Sets the app's menu; each command goes to the app window's renderer on the contract's event. */
export function installAppMenu(builder: MenuBuilder, target: CommandTarget, platform: NodeJS.Platform = process.platform): Menu {
  const menu = buildAppMenu(builder, (id) => target()?.send(COMMAND_EVENT, id), platform);
  builder.setApplicationMenu(menu);
  return menu;
}
