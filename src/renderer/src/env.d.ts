import type { Api, CommandBridge } from '../../shared/contract';

declare global {
  interface Window {
    /** Set by the preload in the desktop app; absent in a browser (web mode). */
    openscraper?: Api;
    /** The app menu's commands, in the desktop app only. */
    openscraperCommands?: CommandBridge;
  }
}
