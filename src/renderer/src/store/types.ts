// The whole store is the sum of its slices (zustand's slices pattern). A batch slice joins here
// when the BatchRunner lands; nothing else needs to change for it.
import type { PageSlice } from './page-slice';
import type { RemovalsSlice } from './removals-slice';
import type { SettingsSlice } from './settings-slice';

export type AppState = PageSlice & RemovalsSlice & SettingsSlice;
