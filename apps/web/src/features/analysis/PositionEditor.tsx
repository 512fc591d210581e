// The board editor ("Edit position"): pieces dragged onto the board from the palette, moved on it, dragged off it, or
// placed by taps with the palette's piece; the side to move; the position text kept in step both ways; and, while
// the set-up cannot be analysed, why not, in words.
import { newGame, type Side, type Variant } from '@fg/rules';
import type { TFunction } from 'i18next';
import { type PointerEvent as ReactPointerEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Board, type Piece } from '../../components/board/Board';
import { piecesOf } from '../../components/board/pieces-of';
import { sideName } from '../../lib/side-word';
import { move, place, readSetUp, type SetUp, type SetUpProblem, setUpProblem, setUpText } from './position-editor';

/** What a tap puts on a point: a piece, or nothing (the eraser). */
type Tool = Piece | 'empty';

/** The problem in the reader's words. */
function problemText(t: TFunction, problem: SetUpProblem): string {
  if (problem.code === 'foxes') return t('analysis.editor.foxes', { count: problem.need, have: problem.count });
  if (problem.code === 'geese') return t('analysis.editor.geese', { max: problem.max, count: problem.count });
  return t('analysis.editor.other', { reason: problem.reason });
}

/** The point under a pointer (a palette piece dropped there), if any. */
const pointUnder = (x: number, y: number): string | null =>
  document.elementFromPoint(x, y)?.closest('[data-point]')?.getAttribute('data-point') ?? null;

/** The editor of a set-up, starting from `initial`; `onAnalyse` gets the position text of a legal set-up. */
export function PositionEditor({
  variant,
  initial,
  onAnalyse,
  onCancel,
}: {
  variant: Variant;
  initial: SetUp;
  onAnalyse: (text: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [setUp, setSetUp] = useState(initial);
  const [typed, setTyped] = useState<{ text: string; error: string | null } | null>(null);
  const [tool, setTool] = useState<Tool>('goose');
  const carrying = useRef<{ piece: Piece; pointerId: number; x: number; y: number } | null>(null);
  const problem = setUpProblem(variant, setUp);
  const text = typed?.text ?? setUpText(variant, setUp);
  const change = (next: SetUp): void => {
    setSetUp(next);
    setTyped(null); // the text follows the board again
  };

  const onPick = (point: string): void => {
    const piece = tool === 'empty' ? null : tool;
    // A tap with the piece already there takes it off: one tool both places and removes.
    change(place(setUp, point, setUp.pieces.get(point) === piece ? null : piece));
  };
  // A palette piece dragged onto the board: pointer events on the document, as the piece leaves the palette.
  const startCarry = (event: ReactPointerEvent, piece: Piece): void => {
    if (event.button > 0) return;
    carrying.current = { piece, pointerId: event.pointerId, x: event.clientX, y: event.clientY };
    const up = (e: PointerEvent): void => {
      document.removeEventListener('pointerup', up);
      const carried = carrying.current;
      carrying.current = null;
      if (!carried || carried.pointerId !== e.pointerId) return;
      if (Math.hypot(e.clientX - carried.x, e.clientY - carried.y) < 6) return; // a click: the tool is chosen
      const point = pointUnder(e.clientX, e.clientY);
      if (point) setSetUp((s) => place(s, point, carried.piece));
      setTyped(null);
    };
    document.addEventListener('pointerup', up);
  };

  const tools: { tool: Tool; label: string }[] = [
    { tool: 'fox', label: t('analysis.editor.fox') },
    { tool: 'goose', label: t('analysis.editor.goose') },
    { tool: 'empty', label: t('analysis.editor.empty') },
  ];
  return (
    <section className="position-editor" aria-labelledby={`${id}-heading`} data-position-editor="">
      <h2 id={`${id}-heading`}>{t('analysis.editor.heading')}</h2>
      <p className="muted">{t('analysis.editor.hint')}</p>
      <div className="position-editor__body">
        <div className="position-editor__board" data-board="">
          <Board
            board={variant.board}
            pieces={setUp.pieces}
            pointLabel={(point, piece) =>
              t('board.point', { point, piece: t(piece ? `board.piece.${piece}` : 'board.empty') })
            }
            onPick={onPick}
            canDrag={(point) => setUp.pieces.has(point)}
            onCarry={(from, to) => change(move(setUp, from, to))}
            title={t('analysis.editor.heading')}
          />
        </div>
        <div className="position-editor__side">
          <div role="group" aria-label={t('analysis.editor.palette')} className="position-editor__palette">
            {tools.map((item) => (
              <button
                key={item.tool}
                type="button"
                className={`secondary position-editor__tool position-editor__tool--${item.tool}`}
                aria-pressed={tool === item.tool}
                data-tool={item.tool}
                onClick={() => setTool(item.tool)}
                onPointerDown={item.tool === 'empty' ? undefined : (e) => startCarry(e, item.tool as Piece)}
              >
                <span className="position-editor__swatch" aria-hidden="true" />
                {item.label}
              </button>
            ))}
          </div>
          <fieldset className="position-editor__turn">
            <legend>{t('analysis.editor.toMove')}</legend>
            {(['fox', 'geese'] as Side[]).map((side) => (
              <label key={side}>
                <input
                  type="radio"
                  name={`${id}-turn`}
                  checked={setUp.turn === side}
                  onChange={() => change({ ...setUp, turn: side })}
                />{' '}
                {sideName(t, side, variant.id)}
              </label>
            ))}
          </fieldset>
          <label htmlFor={`${id}-text`}>{t('analysis.position')}</label>
          <input
            id={`${id}-text`}
            className="position-editor__text"
            value={text}
            spellCheck={false}
            autoComplete="off"
            aria-invalid={typed?.error ? true : undefined}
            onChange={(e) => {
              const read = readSetUp(variant, e.target.value);
              if ('error' in read) return setTyped({ text: e.target.value, error: read.error });
              setSetUp(read);
              setTyped({ text: e.target.value, error: null });
            }}
          />
          <p className="position-editor__problem" aria-live="polite" data-set-up-problem={problem?.code}>
            {typed?.error
              ? t('analysis.editor.other', { reason: typed.error })
              : problem
                ? problemText(t, problem)
                : ''}
          </p>
          <div className="position-editor__actions">
            <button
              type="button"
              disabled={problem !== null || Boolean(typed?.error)}
              onClick={() => onAnalyse(setUpText(variant, setUp))}
            >
              {t('analysis.editor.analyse')}
            </button>
            <button type="button" className="secondary" onClick={() => change({ ...setUp, pieces: new Map() })}>
              {t('analysis.editor.clear')}
            </button>
            <button
              type="button"
              className="secondary"
              onClick={() => change({ pieces: piecesOf(newGame(variant)), turn: newGame(variant).position.turn })}
            >
              {t('analysis.editor.start')}
            </button>
            <button type="button" className="secondary" onClick={onCancel}>
              {t('analysis.editor.cancel')}
            </button>
          </div>
        </div>
      </div>
    </section>
  );
}
