/** What a route tells the shell about its screen (route `handle`). */
export interface ScreenHandle {
  /** Catalogue key of the screen's name, for the browser tab's title. */
  title: string;
  /** Loads the screen's code ahead of its first visit. */
  prefetch?: () => Promise<void>;
}

export function isScreenHandle(value: unknown): value is ScreenHandle {
  return typeof value === 'object' && value !== null && typeof (value as { title?: unknown }).title === 'string';
}
