let acted = false;

/**
 * Notes the user's first click, tap or key press in this page. Called by the entry so it sees the
 * ones made before a lazy screen's chunk loads (a sign-in). The browser's own record
 * (`navigator.userActivation`) cannot stand in: Chrome counts a typed address as an action.
 */
export function watchForUserAction(): void {
  const note = () => {
    acted = true;
    document.removeEventListener('pointerdown', note, true);
    document.removeEventListener('keydown', note, true);
  };
  document.addEventListener('pointerdown', note, true);
  document.addEventListener('keydown', note, true);
}

/** Whether the user has clicked, tapped or typed in this page since it loaded. */
export function userHasActed(): boolean {
  return acted;
}
