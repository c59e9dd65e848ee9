// zustand persist's storage, backed by the main process through the contract (settings:get/set),
// so the desktop app and the web bridge both remember settings. Writes are coalesced: dragging a
// splitter changes the layout many times a second, the store is written once it settles.
import type { StateStorage } from 'zustand/middleware';
import type { Api } from '../../../shared/contract';

export function contractStorage(api: Api, delayMs = 300): StateStorage & { flush(): Promise<void> } {
  const pending = new Map<string, string | null>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = async () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    const writes = [...pending];
    pending.clear();
    await Promise.all(writes.map(([key, value]) => api['settings:set']({ key, value }).catch(() => undefined)));
  };
  const schedule = (key: string, value: string | null) => {
    pending.set(key, value);
    if (timer === null) timer = setTimeout(() => void flush(), delayMs);
  };
  return {
    getItem: async (key) => (pending.has(key) ? pending.get(key)! : (await api['settings:get']({ key })).value),
    setItem: (key, value) => schedule(key, value),
    removeItem: (key) => schedule(key, null),
    /** Writes what is pending now (the page is going away). */
    flush,
  };
}
