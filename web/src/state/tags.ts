import { signOutListeners } from '../api/session';
import { createStore } from '../lib/store';

/**
 * The tags view (SPEC.md §2): pages the user has visited in this session, one per path. The title is kept as
 * the route id and type so a tag follows the language; `fullPath` keeps the last query string used.
 */
export interface VisitedTag {
  /** Pathname without query: a tag's identity. */
  path: string;
  /** Pathname plus search, where the tag leads back to. */
  fullPath: string;
  /** Route node id, the `routes` i18n key of its title. */
  routeId: string;
  /** The `{type}` of a form route (view, new, edit, create, clone). */
  type?: string;
}

export const visitedTags = createStore<VisitedTag[]>([]);

export function addTag(tag: VisitedTag): void {
  visitedTags.set((tags) => {
    const existing = tags.find((candidate) => candidate.path === tag.path);
    if (!existing) return [...tags, tag];
    if (existing.fullPath === tag.fullPath) return tags;
    return tags.map((candidate) => (candidate === existing ? tag : candidate));
  });
}

/** Closes one tag; returns the tags left. */
export function closeTag(path: string): VisitedTag[] {
  visitedTags.set((tags) => tags.filter((tag) => tag.path !== path));
  return visitedTags.get();
}

export function closeOtherTags(path: string): void {
  visitedTags.set((tags) => tags.filter((tag) => tag.path === path));
}

export function closeAllTags(): void {
  visitedTags.set([]);
}

// Signing out closes every open view (SPEC.md §6).
signOutListeners.subscribe(closeAllTags);
