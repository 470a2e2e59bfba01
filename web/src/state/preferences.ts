import { storage } from '../lib/storage';
import { createStore } from '../lib/store';

/** SPEC.md §2: sizes default, medium, small, mini; remembered in browser storage with the sidebar state. */
export const SIZES = ['default', 'medium', 'small', 'mini'] as const;
export type Size = (typeof SIZES)[number];

function storedSize(): Size {
  const value = storage.get('size');
  return (SIZES as readonly string[]).includes(value ?? '') ? (value as Size) : 'default';
}

export const size = createStore<Size>(storedSize());

export function setSize(next: Size): void {
  storage.set('size', next);
  size.set(next);
  document.documentElement.dataset.size = next;
}

export function applyStoredSize(): void {
  document.documentElement.dataset.size = size.get();
}

export const sidebarOpen = createStore<boolean>(storage.get('sidebarOpen') !== 'false');

export function setSidebarOpen(open: boolean): void {
  storage.set('sidebarOpen', String(open));
  sidebarOpen.set(open);
}
