// The app's store: page, removals, settings and batch slices in one zustand store, the settings slice
// persisted through the contract. Built by a factory so tests can give it any Api.
import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';
import { createStore } from 'zustand/vanilla';
import type { Api } from '../../../shared/contract';
import { createBatchSlice } from './batch-slice';
import { createPageSlice } from './page-slice';
import { createQueueSlice } from './queue-slice';
import { createRemovalsSlice } from './removals-slice';
import { createSettingsSlice, mergeSettings } from './settings-slice';
import { createUiSlice } from './ui-slice';
import type { AppState } from './types';

export const SETTINGS_KEY = 'openscraper.settings';

export function createAppStore(api: Api, storage: StateStorage) {
  return createStore<AppState>()(
    persist(
      (...a) => ({
        ...createPageSlice(api)(...a),
        ...createRemovalsSlice(...a),
        ...createSettingsSlice(...a),
        ...createBatchSlice(api)(...a),
        ...createQueueSlice(api)(...a),
        ...createUiSlice(...a),
      }),
      {
        name: SETTINGS_KEY,
        version: 1,
        storage: createJSONStorage(() => storage),
        partialize: (state) => ({ settings: state.settings }),
        merge: (persisted, current) => ({ ...current, settings: mergeSettings((persisted as { settings?: unknown } | undefined)?.settings, current.settings) }),
      },
    ),
  );
}

export type { AppState };
