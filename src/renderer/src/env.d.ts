import type { Api } from '../../shared/contract';

declare global {
  interface Window {
    /** Set by the preload in the desktop app; absent in a browser (web mode). */
    openscraper?: Api;
  }
}
