// The number before a move in a list or a line ("2.", "2…"), drawn only; the move's button says it in words.

/** The number written before a move, if it has one; the button's own words say it to a screen reader. */
export function MoveNumber({ text, className }: { readonly text: string | null; readonly className: string }) {
  return text === null ? null : (
    <span className={className} aria-hidden="true">
      {text}
    </span>
  );
}
