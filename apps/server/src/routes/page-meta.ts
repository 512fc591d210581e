// Link previews: the table and variant pages are served as index.html with OpenGraph and Twitter tags
// (title, description, a picture of the position), and the pictures themselves as PNG.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { tableIdSchema } from '@fg/protocol';
import { FOX, getVariant, GOOSE, parsePosition, startPosition, type Variant, VARIANT_INFOS } from '@fg/rules';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { sendError } from '../http/errors.js';
import { siteOrigin } from '../http/site.js';
import { PicturesBusy, PositionPictures } from '../preview/position-pictures.js';
import type { Authority } from '../tables/authority.js';
import { dataBlock, likelyLanguage, tablePagePreloads } from './page-data.js';
import type { VariantList } from './variant-list.js';

type IdParams = { Params: { id: string } };

/** Pictures one address may fetch a minute: far above what link unfurling asks, far below a flood. */
export const IMAGES_PER_MINUTE = 120;
/** When a client refused for a full drawing queue should come back. */
const BUSY_RETRY_SECONDS = 5;

/** What a preview says. */
interface Preview {
  readonly title: string;
  readonly description: string;
  readonly image: string; // path of the picture
  readonly path: string; // path of the page
}

const escape = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The meta tags of a preview, with absolute URLs on the request's own origin. */
function metaTags(preview: Preview, origin: string): string {
  const tags: [string, string, string][] = [
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', SITE],
    ['property', 'og:title', preview.title],
    ['property', 'og:description', preview.description],
    ['property', 'og:url', origin + preview.path],
    ['property', 'og:image', origin + preview.image],
    ['property', 'og:image:width', '800'],
    ['property', 'og:image:height', '420'],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', preview.title],
    ['name', 'twitter:description', preview.description],
    ['name', 'twitter:image', origin + preview.image],
  ];
  return tags.map(([kind, name, value]) => `<meta ${kind}="${name}" content="${escape(value)}" />`).join('\n    ');
}

/** The site's name, which is also the standard game's: said once in a title, never "Fox and Geese · Fox and Geese". */
const SITE = 'Fox and Geese';

/** A page title naming the game once: the site alone for the standard game, else "<game> · Fox and Geese". */
function previewTitle(game: string): string {
  return game === SITE ? SITE : `${game} · ${SITE}`;
}

/** Why a game ended, in the words of the web app's English texts (the loser's side where it matters). */
const REASONS: Readonly<Record<string, string>> = {
  'fox-trapped': 'the fox cannot move',
  'geese-reduced': 'too few geese are left',
  'geese-stalemated': 'the geese cannot move',
  'pen-filled': 'the geese have filled the pen',
  breakthrough: 'the fox broke through to the bottom row',
  'threefold-repetition': 'the same position came up a third time',
  'fifty-move-rule': 'fifty moves each without a capture or a goose moving forward',
  resignation: '{loser} resigned',
  abandoned: '{loser} left the game',
  'draw-agreed': 'agreed by both players',
  timeout: '{loser} ran out of time',
};

/** A finished game's result in words: "The geese won: the fox cannot move." */
export function resultWords(result: { winner: 'fox' | 'geese' | null; reason: string }): string {
  if (result.reason === 'aborted') return 'Aborted: a first move did not come in time.';
  const loser = result.winner === 'fox' ? 'the geese' : 'the fox';
  const why = (REASONS[result.reason] ?? result.reason).replace('{loser}', loser);
  const who = result.winner === null ? 'A draw' : result.winner === 'fox' ? 'The fox won' : 'The geese won';
  return `${who}: ${why}.`;
}

/** The pieces of a position by point index. */
function piecesOf(variant: Variant, positionText: string | null): Map<number, 'fox' | 'goose'> {
  const parsed = positionText === null ? null : parsePosition(variant, positionText);
  const position = parsed?.ok ? parsed.value : startPosition(variant);
  const pieces = new Map<number, 'fox' | 'goose'>();
  position.cells.forEach((cell, i) => {
    if (cell === FOX) pieces.set(i, 'fox');
    else if (cell === GOOSE) pieces.set(i, 'goose');
  });
  return pieces;
}

/** Registers the preview pictures, and the pages with their tags when the web app is built. */
export function registerPageMeta(
  app: FastifyInstance,
  authority: Authority,
  webDir: string,
  variants: () => VariantList,
): void {
  const pictures = new PositionPictures();
  app.addHook('onClose', async () => pictures.close());
  /** The position's PNG, or 503 `unavailable` with Retry-After while every drawing place is taken. */
  const sendPng = async (reply: FastifyReply, variant: Variant, position: string | null): Promise<FastifyReply> => {
    const key = `${variant.id}:${JSON.stringify(variant.options)}:${position ?? 'start'}`;
    let image: Buffer;
    try {
      image = await pictures.get(key, () => ({ board: variant.board, pieces: piecesOf(variant, position) }));
    } catch (error) {
      if (!(error instanceof PicturesBusy)) throw error;
      return sendError(reply.header('retry-after', String(BUSY_RETRY_SECONDS)), 'unavailable', error.message);
    }
    return reply.type('image/png').header('cache-control', 'public, max-age=60').send(image);
  };
  // Per address: a chat crawler fetches one picture per shared link, a flood of positions meets a wall.
  const imageLimit = { config: { rateLimit: { max: IMAGES_PER_MINUTE, timeWindow: 60_000 } } };

  app.get<IdParams>('/api/tables/:id/preview.png', imageLimit, async (request, reply) => {
    const { id } = request.params;
    const table = tableIdSchema.safeParse(id).success ? await authority.view(id) : null;
    const variant = table && getVariant(table.variant, table.options);
    if (!table || !variant?.ok) return sendError(reply, 'table-not-found', `no table "${id}"`);
    return sendPng(reply, variant.value, table.position);
  });

  app.get<IdParams>('/api/variants/:id/preview.png', imageLimit, async (request, reply) => {
    const variant = getVariant(request.params.id);
    if (!variant.ok) return sendError(reply, 'not-found', variant.error.message);
    return sendPng(reply, variant.value, null);
  });

  let page: string;
  try {
    page = readFileSync(join(webDir, 'index.html'), 'utf8');
  } catch {
    return; // no built web app: nothing to tag
  }
  const preloads = tablePagePreloads(webDir);
  const serve = (request: FastifyRequest, reply: FastifyReply, preview: Preview, head = ''): FastifyReply => {
    const origin = siteOrigin(request);
    const html = page
      .replace(/<title>[^<]*<\/title>/, `<title>${escape(preview.title)}</title>`)
      .replace('</head>', `  ${metaTags(preview, origin)}${head}\n  </head>`);
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  };

  app.get<IdParams>('/t/:id', async (request, reply) => {
    const { id } = request.params;
    const table = tableIdSchema.safeParse(id).success ? await authority.view(id) : null;
    const info = table && VARIANT_INFOS.find((v) => v.id === table.variant);
    // The table and the variants in the page itself, and its chunks preloaded: the board after one round trip.
    const head = `\n    ${dataBlock({ table, variants: variants().variants })}\n    ${preloads(likelyLanguage(request.query, request.headers['accept-language']))}`;
    if (!table || !info)
      return serve(
        request,
        reply,
        {
          title: SITE,
          description: 'Play Fox and Geese online with a friend.',
          image: '/api/variants/standard/preview.png',
          path: `/t/${id}`,
        },
        head,
      );
    // The game is named once, in the title; the description says where the table stands (a result, once over).
    const state =
      table.status === 'waiting'
        ? `A seat is free: take it and play, no registration.`
        : table.result
          ? `${resultWords(table.result)} Game over after ${table.ply === 1 ? '1 move' : `${table.ply} moves`}.`
          : `In play, move ${table.ply + 1}: watch live or join the next game.`;
    return serve(
      request,
      reply,
      {
        title: previewTitle(info.name),
        description: `Played online with a friend. ${state}`,
        image: `/api/tables/${id}/preview.png`,
        path: `/t/${id}`,
      },
      head,
    );
  });

  app.get<IdParams>('/variants/:id', async (request, reply) => {
    const info = VARIANT_INFOS.find((v) => v.id === request.params.id);
    const name = info?.name ?? SITE;
    return serve(request, reply, {
      title: previewTitle(`${name}: rules and history`),
      description: `${name}: the rules, how it differs from the standard game, its history, and a table to play it online with a friend.`,
      image: `/api/variants/${info?.id ?? 'standard'}/preview.png`,
      path: `/variants/${request.params.id}`,
    });
  });
}
