// The first paint's search box (../../app-shell.ts) is a real input: what a person typed into it before the console
// started is taken over by the home page's search box, read before React replaces the shell.
const box = typeof document === 'undefined' ? null : document.querySelector<HTMLInputElement>('#ts-c input:not([data-fill])');
const NONE = { value: '', focused: false };
let draft: { value: string; focused: boolean } = box ? { value: box.value, focused: document.activeElement === box } : NONE;

/** What was typed into the shell's box (empty once the home page has taken it). */
export function shellDraft(): { value: string; focused: boolean } {
  return draft;
}

/** The home page has taken the draft: a later visit starts empty. */
export function forgetShellDraft(): void {
  draft = NONE;
}
