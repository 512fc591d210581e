import type { TableView } from '@fg/protocol';
import { PLAYING_TABLE } from '@fg/protocol/testing';
import { type Game, getVariant, newGame, parsePosition } from '@fg/rules';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';

import { PrivateLink } from '../../components/PrivateLink';
import { GameSummary } from './GameSummary';
import { JoinBanner } from './JoinBanner';
import { TableTools, useFlip } from './TableTools';
import { tableTitle } from './use-notices';

const WAITING: TableView = {
  ...PLAYING_TABLE,
  status: 'waiting',
  seats: { fox: { taken: true, online: true }, geese: { taken: false, online: false } },
};

const gameOf = (variant: string, options: Record<string, unknown>, position: string): Game => {
  const v = getVariant(variant, options);
  if (!v.ok) throw new Error(v.error.message);
  const p = parsePosition(v.value, position);
  if (!p.ok) throw new Error(p.error.message);
  return newGame(v.value, p.value);
};

describe('JoinBanner', () => {
  it('offers the free seat first and takes it only on a click', async () => {
    const sit = vi.fn(async () => null);
    render(<JoinBanner table={WAITING} sit={sit} />);
    expect(screen.getByRole('heading').textContent).toBe('The fox is waiting for an opponent');
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Take the geese seat']);
    expect(sit).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Take the geese seat' }));
    await waitFor(() => expect(sit).toHaveBeenCalledWith('geese'));
  });

  it('says why when the seat was taken meanwhile', async () => {
    render(<JoinBanner table={WAITING} sit={async () => 'seat-taken'} />);
    fireEvent.click(screen.getByRole('button', { name: 'Take the geese seat' }));
    expect(await screen.findByText('That seat has just been taken.')).toBeTruthy();
  });

  it('is not there once both seats are taken', () => {
    const { container } = render(<JoinBanner table={PLAYING_TABLE} sit={async () => null} />);
    expect(container.innerHTML).toBe('');
  });
});

describe('PrivateLink', () => {
  const URL = 'http://localhost/t/table00001#seat=secretsecretsecretsecret1';

  it('never prints the link, warns in one line, copies it and shows it as a QR code', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { container } = render(<PrivateLink url={URL} />);
    expect(container.textContent).not.toContain('secret');
    expect(screen.getByText('Whoever has this link plays your seat: open it only on your own devices.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Copy private link' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(URL));
    fireEvent.click(screen.getByRole('button', { name: 'Show QR code' }));
    const qr = await screen.findByRole('img', { name: 'QR code of your private link' });
    expect(qr.querySelector('svg path, svg rect')).not.toBeNull();
    expect(container.textContent).not.toContain('secret');
  });
});

describe('GameSummary', () => {
  it.each<[string, Game, TableView['result'], string[]]>([
    [
      'standard: geese taken against the threshold',
      gameOf('standard', {}, 'fox:d4 geese:c1,d1,e1 turn:geese'),
      { winner: 'fox', reason: 'geese-reduced' },
      ['Geese taken: 10 (the fox needed 10 to win)', '0 moves played'],
    ],
    [
      'two-foxes: the pen',
      gameOf('two-foxes', {}, 'fox:a3,g3 geese:c5,d5,e5,c6,d6,e6,c7,d7,e7,c1,d1 turn:fox'),
      { winner: 'geese', reason: 'pen-filled' },
      ['Geese taken: 9 (the fox needed 12 to win)', 'The pen: 9 of 9 points held by geese', '0 moves played'],
    ],
    [
      'raevskak: the breakthrough rank',
      gameOf('raevskak', {}, 'fox:d1 geese:c3,d3,e3,c2,d2,e2,a3 turn:geese'),
      { winner: 'fox', reason: 'breakthrough' },
      ['Geese taken: 6 (the fox needed 9 to win)', 'Breakthrough: a fox reaching rank 1 wins', '0 moves played'],
    ],
  ])('%s', (_name, game, result, lines) => {
    render(<GameSummary table={{ ...PLAYING_TABLE, status: 'finished', result }} game={game} />);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(lines);
  });

  it('counts moves as the move list numbers them, not plies: 44 plies end at move 22', () => {
    const game = gameOf('standard', {}, 'fox:d4 geese:c1,d1,e1 turn:geese');
    const moves = Array.from({ length: 44 }, () => 'd4-d5');
    const result = { winner: 'fox' as const, reason: 'geese-reduced' as const };
    render(<GameSummary table={{ ...PLAYING_TABLE, status: 'finished', result, moves, ply: 44 }} game={game} />);
    expect(screen.getAllByRole('listitem').at(-1)?.textContent).toBe('22 moves played');
  });
});

describe('TableTools', () => {
  function Tools({ id }: { id: string }) {
    const [flipped, flip] = useFlip(id);
    return <TableTools id={id} flipped={flipped} onFlip={flip} />;
  }

  it('remembers Flip board per table', () => {
    const first = render(<Tools id="table00001" />);
    fireEvent.click(screen.getByRole('button', { name: 'Flip board' }));
    expect(screen.getByRole('button', { name: 'Flip board' }).getAttribute('aria-pressed')).toBe('true');
    first.unmount();
    render(<Tools id="table00001" />);
    expect(screen.getByRole('button', { name: 'Flip board' }).getAttribute('aria-pressed')).toBe('true');
    render(<Tools id="table00002" />);
    expect(screen.getAllByRole('button', { name: 'Flip board' })[1]!.getAttribute('aria-pressed')).toBe('false');
  });

  it('downloads the game record from the Download game button', () => {
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(`${this.getAttribute('href')} ${String(this.hasAttribute('download'))}`);
    });
    render(<Tools id="table00001" />);
    fireEvent.click(screen.getByRole('button', { name: 'Download game' }));
    expect(clicked).toEqual(['/api/tables/table00001/game.txt true']);
    click.mockRestore();
  });

  it('remembers the sound switch', () => {
    localStorage.removeItem('fg:muted');
    render(<Tools id="table00001" />);
    const sound = screen.getByRole('button', { name: /Sound/ });
    expect(sound.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(sound);
    expect(sound.getAttribute('aria-pressed')).toBe('false');
    expect(localStorage.getItem('fg:muted')).toBe('true');
  });
});

describe('tableTitle', () => {
  const t = i18next.t.bind(i18next);
  it.each<[string, TableView, 'fox' | 'geese' | 'spectator', string]>([
    ['your move', PLAYING_TABLE, 'fox', 'Your move · standard · Fox and Geese'],
    ["the opponent's move", PLAYING_TABLE, 'geese', 'standard · Fox and Geese'],
    ['a spectator', PLAYING_TABLE, 'spectator', 'standard · Fox and Geese'],
    ['a waiting table', WAITING, 'fox', 'standard · Fox and Geese'],
  ])('%s', (_name, table, role, title) => {
    expect(tableTitle(t, table, role)).toBe(title);
  });

  it('names the standard game once, since it bears the site name', () => {
    const named = ((key: string) => (key === 'title.yourMove' ? 'Your move' : 'Fox and Geese')) as unknown as typeof t;
    expect(tableTitle(named, PLAYING_TABLE, 'fox')).toBe('Your move · Fox and Geese');
    expect(tableTitle(named, PLAYING_TABLE, 'geese')).toBe('Fox and Geese');
  });
});
