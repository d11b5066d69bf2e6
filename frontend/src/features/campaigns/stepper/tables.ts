/** Spec §9: the composition tables show 100 rows, with sizes up to 100. */
export const COMPOSITION_PAGE_SIZES = [10, 20, 30, 50, 100];
export const COMPOSITION_PAGE_SIZE = 100;

/** The search box searches as the user types, once typing pauses this long; Enter at once. */
export const TYPING_DEBOUNCE_MS = 400;
