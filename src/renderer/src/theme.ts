// Light or dark: the user's choice, or the system's when the choice is "system" (followed live).
import { useEffect, useSyncExternalStore } from 'react';
import { useApp } from './store/app-store';

const query = typeof window !== 'undefined' ? window.matchMedia('(prefers-color-scheme: dark)') : null;

function subscribe(onChange: () => void): () => void {
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

function useSystemDark(): boolean {
  return useSyncExternalStore(subscribe, () => query?.matches ?? false);
}

export function useDarkTheme(): boolean {
  const theme = useApp((s) => s.settings.theme);
  const systemDark = useSystemDark();
  return theme === 'dark' || (theme === 'system' && systemDark);
}

/** Puts the theme on <html data-theme>, where the stylesheet's colours hang. */
export function useApplyTheme(): void {
  const dark = useDarkTheme();
  useEffect(() => {
    document.documentElement.dataset.theme = dark ? 'dark' : 'light';
  }, [dark]);
}
