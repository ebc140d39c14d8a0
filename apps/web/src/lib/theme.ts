import { STORAGE_KEYS } from '@pathwise/contract';
import { useState } from 'react';

export type ThemeChoice = 'light' | 'dark' | 'system';

export const THEME_CHOICES: { value: ThemeChoice; label: string }[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'system', label: 'System' },
];

function storedChoice(): ThemeChoice {
  const stored = localStorage.getItem(STORAGE_KEYS.theme);
  return stored === 'light' || stored === 'dark' ? stored : 'system';
}

/**
 * The person's theme choice, remembered in this browser. index.html's first script applies it (before
 * the first paint, and again on the `pathwise:theme` event sent here), so the page never flashes.
 */
export function useTheme(): [ThemeChoice, (choice: ThemeChoice) => void] {
  const [choice, setChoice] = useState(storedChoice);
  const choose = (next: ThemeChoice) => {
    localStorage.setItem(STORAGE_KEYS.theme, next);
    setChoice(next);
    window.dispatchEvent(new Event('pathwise:theme'));
  };
  return [choice, choose];
}
