/**
 * Runs `load`, a lazy chunk's import, and if it fails runs it once more when the browser is back
 * online: offline right after the page loaded, the import fails ("Failed to fetch dynamically
 * imported module"), and Chromium fetches a failed module again on the next import. Once, not in
 * a loop: a chunk that fails again (a newer deployment removed it) waits for the next page load.
 * Never rejects, so nothing goes uncaught: undefined when both tries failed.
 */
export async function loadAgainOnline<T>(load: () => Promise<T>): Promise<T | undefined> {
  try {
    return await load();
  } catch {
    await new Promise((resolve) => window.addEventListener('online', resolve, { once: true }));
    return load().catch(() => undefined);
  }
}
