// Copies text to the clipboard, with the old selection-and-copy way where the Clipboard API is refused.
/** Copies text: the clipboard API where allowed, else the old select-and-copy. */
export async function copyText(text: string, input: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    input?.select();
    return document.execCommand?.('copy') ?? false;
  }
}
