// The one store of the running app, and the hook components read it with.
import { useStore } from 'zustand';
import { api } from '../api';
import { type AppState, createAppStore } from './index';
import { contractStorage } from './storage';

const storage = contractStorage(api);
export const appStore = createAppStore(api, storage);
// A change made just before closing is still written.
window.addEventListener('pagehide', () => void storage.flush());

export function useApp<T>(selector: (state: AppState) => T): T {
  return useStore(appStore, selector);
}
