// The whole store is the sum of its slices (zustand's slices pattern).
import type { BatchSlice } from './batch-slice';
import type { PageSlice } from './page-slice';
import type { QueueSlice } from './queue-slice';
import type { RemovalsSlice } from './removals-slice';
import type { SettingsSlice } from './settings-slice';
import type { UiSlice } from './ui-slice';

export type AppState = PageSlice & RemovalsSlice & SettingsSlice & BatchSlice & QueueSlice & UiSlice;
