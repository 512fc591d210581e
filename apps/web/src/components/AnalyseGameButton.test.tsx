import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';

import { AnalyseGameButton } from './AnalyseGameButton';

describe('AnalyseGameButton', () => {
  const game = { id: 'V1StGXR8_Z', variant: 'standard', options: {}, moves: ['d4-d5'] };

  it('is absent while the game goes on', () => {
    const { container } = render(<AnalyseGameButton table={{ ...game, result: null }} />);
    expect(container.textContent).toBe('');
  });

  it("opens the game's moves on the analysis board, naming the table", () => {
    const { hook, history } = memoryLocation({ path: '/t/V1StGXR8_Z', record: true });
    render(
      <Router hook={hook}>
        <AnalyseGameButton table={{ ...game, result: { winner: 'fox', reason: 'resignation' } }} />
      </Router>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Analyse this game' }));
    expect(history.at(-1)).toBe('/analysis/standard?geese=13&sideways=false&moves=d4-d5&table=V1StGXR8_Z');
  });
});
