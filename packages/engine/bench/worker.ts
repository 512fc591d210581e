// A worker thread of the strength bench: plays each game it is sent and posts the result back.
import { parentPort } from 'node:worker_threads';

import { type GameJob, playGame } from './players.js';

parentPort?.on('message', (job: GameJob) => {
  parentPort?.postMessage(playGame(job));
});
