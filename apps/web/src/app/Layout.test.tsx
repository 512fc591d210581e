import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { setTheme } from '../lib/theme';
import { ThemeSwitch } from './Layout';

describe('ThemeSwitch', () => {
  afterEach(() => localStorage.removeItem('fg:theme'));

  it.each([
    ['light', 'Dark mode', 'dark'],
    ['dark', 'Light mode', 'light'],
  ] as const)('on a %s page it reads %s and turns the page %s', (theme, name, after) => {
    act(() => setTheme(theme));
    render(<ThemeSwitch />);
    const button = screen.getByRole('button');
    expect([button.textContent, button.hasAttribute('aria-pressed')]).toEqual([name, false]);
    fireEvent.click(button);
    expect(document.documentElement.dataset.theme).toBe(after);
    expect(screen.getByRole('button').textContent).toBe(after === 'dark' ? 'Light mode' : 'Dark mode');
  });
});
