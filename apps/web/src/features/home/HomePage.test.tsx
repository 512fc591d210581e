import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';

import { stubSolutionServer } from '../../lib/fake-solution-server';
import HomePage from './HomePage';

// The lobby reads the server; here it stays empty.
vi.mock('./use-lobby', () => ({ useLobby: () => null }));

function renderHome() {
  const location = memoryLocation({ path: '/' });
  return render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <HomePage />
    </Router>,
  );
}

describe('HomePage', () => {
  // What the page asks the server (which options are solved) goes to a stand-in, never to a real address.
  let asked: string[] = [];
  beforeEach(() => {
    asked = [];
    stubSolutionServer(asked);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('puts Play with a friend first: a section named for it, Random side, no clock, with Create table', () => {
    renderHome();
    const sections = screen.getAllByRole('region');
    expect(sections[0]!.getAttribute('aria-labelledby')).toBeTruthy();
    const friend = screen.getByRole('region', { name: /^Play with a friend/ });
    expect(friend.querySelector('select')!.value).toBe('standard');
    expect((screen.getAllByRole('radio', { name: 'Random' })[0] as HTMLInputElement).checked).toBe(true);
    expect(friend.textContent).toContain('No clock');
    const buttons = [...document.querySelectorAll('button')].map((b) => b.textContent);
    expect(buttons.indexOf('Create table')).toBeLessThan(buttons.indexOf('Play with the computer'));
  });

  it('offers days a move besides the clocks', () => {
    renderHome();
    const time = screen.getByRole('combobox', { name: 'Time control' });
    const options = [...time.querySelectorAll('option')].map((o) => o.textContent);
    expect(options).toEqual(expect.arrayContaining(['No clock', '5+3', '1 day a move', '14 days a move']));
  });

  it("sets the form to a card's game when its Create table is pressed, creating nothing", () => {
    renderHome();
    const cards = document.querySelectorAll('.card');
    fireEvent.click(cards[2]!.querySelector('button')!); // Big Cross
    const friend = screen.getByRole('region', { name: /^Play with a friend/ });
    expect(friend.querySelector('select')!.value).toBe('big-cross');
    expect(document.activeElement).toBe(friend.querySelector('select'));
    expect(asked.filter((url) => url.includes('/api/tables'))).toEqual([]);
  });

  describe('offline', () => {
    beforeEach(() => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false));
    afterEach(() => {
      vi.restoreAllMocks();
      localStorage.clear();
    });
    const headings = (): string[] => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent ?? '');

    it('hides what needs the server and says what still works', () => {
      renderHome();
      expect(headings()).toEqual(['You are offline', 'Play with the computer', 'Choose a game', 'How it works']);
      expect(screen.queryByRole('button', { name: 'Create table' })).toBeNull();
      expect(screen.getByRole('button', { name: 'Play with the computer' })).toBeTruthy();
      const notice = screen.getByRole('region', { name: 'You are offline' });
      expect([...notice.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
        'play the computer below, in this browser;',
        'open the analysis board;',
        'Puzzles: none kept in this browser yet (open Puzzles once online to take some along).',
      ]);
    });

    it('links to the puzzles kept in this browser, counting those not played', () => {
      // The service worker keeps the pack itself; the player record keeps its ids to count what is left.
      localStorage.setItem('fg:puzzles', JSON.stringify({ packIds: ['p1', 'p2', 'p3'], played: ['p2'] }));
      renderHome();
      const link = screen.getByRole('link', { name: 'solve puzzles kept in this browser (2 left).' });
      expect(link.getAttribute('href')).toBe('/puzzles');
    });

    it('brings everything back by itself when the network returns', () => {
      renderHome();
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
      act(() => void window.dispatchEvent(new Event('online')));
      expect(headings()).toEqual([
        'Play with a friend',
        'Play with the computer',
        'Daily puzzle',
        'Lobby',
        'Choose a game',
        'How it works',
      ]);
      expect(screen.queryByRole('region', { name: 'You are offline' })).toBeNull();
      expect(screen.getAllByRole('button', { name: 'Create table' }).length).toBeGreaterThan(0);
    });
  });
});
