/**
 * Light and dark mode: a class on <html> (what Chakra's `_dark` condition reads), remembered in
 * local storage. Applied before the first render by `applyStoredColorMode`, so there is no flash,
 * and without an inline script (the Content-Security-Policy allows none).
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

export type ColorMode = 'light' | 'dark';
const STORAGE_KEY = 'nivesh.color-mode';

function storedColorMode(): ColorMode {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    if (stored === 'light' || stored === 'dark') return stored;
  } catch {
    // Storage can be unavailable (private mode); fall through to the default.
  }
  return 'dark';
}

function apply(mode: ColorMode): void {
  // Rendering ahead of time (the landing page's prerender) has no document: the server marks <html>.
  if (typeof document === 'undefined') return;
  const root = document.documentElement;
  root.classList.remove(mode === 'dark' ? 'light' : 'dark');
  root.classList.add(mode);
  root.style.colorScheme = mode;
}

export function applyStoredColorMode(): ColorMode {
  const mode = storedColorMode();
  apply(mode);
  return mode;
}

interface ColorModeContextValue {
  colorMode: ColorMode;
  setColorMode(mode: ColorMode): void;
  toggleColorMode(): void;
}

const ColorModeContext = createContext<ColorModeContextValue | null>(null);

export function ColorModeProvider({ children }: { children: ReactNode }) {
  const [colorMode, setState] = useState<ColorMode>(() => applyStoredColorMode());
  const setColorMode = useCallback((mode: ColorMode) => {
    apply(mode);
    try {
      window.localStorage.setItem(STORAGE_KEY, mode);
    } catch {
      // Not remembered, still applied.
    }
    setState(mode);
  }, []);
  const value = useMemo(
    () => ({
      colorMode,
      setColorMode,
      toggleColorMode: () => setColorMode(colorMode === 'dark' ? 'light' : 'dark'),
    }),
    [colorMode, setColorMode],
  );
  return <ColorModeContext.Provider value={value}>{children}</ColorModeContext.Provider>;
}

export function useColorMode(): ColorModeContextValue {
  const value = useContext(ColorModeContext);
  if (!value) throw new Error('useColorMode must be used inside <UiProvider>');
  return value;
}
