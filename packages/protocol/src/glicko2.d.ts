// The part of the `glicko2` package (it ships no types) that puzzle-rating.ts uses.
declare module 'glicko2' {
  /** A player of a ranking: ratings in Glicko's scale (1500, 350, 0.06). */
  export interface Player {
    getRating(): number;
    getRd(): number;
    getVol(): number;
  }
  /** The ranking: its players and one rating period of matches at a time. */
  export class Glicko2 {
    constructor(settings?: { tau?: number; rating?: number; rd?: number; vol?: number });
    makePlayer(rating?: number, rd?: number, vol?: number): Player;
    /** Each match: [player, opponent, the player's score: 1 win, 0 loss, 0.5 draw]. */
    updateRatings(matches: [Player, Player, number][]): void;
  }
}
