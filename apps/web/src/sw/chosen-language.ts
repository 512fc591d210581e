// The language the visitor chose, kept where the service worker can read it: the worker has no localStorage,
// and a notification should speak the page's language (?lang= or the picker), not only the browser's.

/** The cache and the address the choice is kept under. */
const CACHE = 'fg-settings';
const ADDRESS = '/__fg/language';

/** What is used of the Cache API (window's and the worker's `caches`; absent outside a secure context). */
export interface LanguageCaches {
  open(name: string): Promise<{
    match(address: string): Promise<{ text(): Promise<string> } | undefined>;
    put(address: string, response: Response): Promise<void>;
  }>;
}

/** Keeps the chosen language for the worker; a refusal (no Cache API, storage full) leaves the browser's language. */
export async function keepChosenLanguage(caches: LanguageCaches | undefined, language: string): Promise<void> {
  try {
    await (await caches?.open(CACHE))?.put(ADDRESS, new Response(language));
  } catch {
    // Not kept: notifications fall back to the browser's language.
  }
}

/** The language kept by the page, or undefined. */
export async function chosenLanguage(caches: LanguageCaches | undefined): Promise<string | undefined> {
  try {
    const kept = await (await caches?.open(CACHE))?.match(ADDRESS);
    return kept ? (await kept.text()) || undefined : undefined;
  } catch {
    return undefined;
  }
}
