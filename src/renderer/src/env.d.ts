import type { Api } from '../../shared/contract';

declare global {
  interface Window {
    openscraper: Api;
  }
}
