// A shared proposal explains itself: its monument's view with it selected,
// `/monuments/<id>?proposal=<id>` (and the older map link `/?monument=<id>&proposal=<id>`),
// carries Open Graph and Twitter tags with the proposal's name, its monument and its votes, and
// og:url names the view; GET /api/interventions/:id/og.png draws them as a card. Both read the public lists
// (in memory), so an unknown or hidden proposal has neither tags nor image (404). A merged
// proposal's old id leads on for good (301) to the one it continues as: its link and its image.
import { ProposalIdParam, pathOf, type Intervention, type Monument } from '@linz/contract';
import { monumentViewPath, PATHS } from '@linz/contract/facts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { publicThumb } from '../domain/photos/use-cases.js';
import { sharedProposal } from '../domain/proposals/use-cases.js';
import type { Services } from '../services.js';
import { refuse } from './errors.js';
import { fill, LANG, textAt, translationOf } from './locale.js';
import { etagOf, imageCache, type Card } from './og-image.js';
import { imageTags, metaTags } from './stats-page.js';

type Options = { webDist: string; publicUrl: string; services: Services };

/** The monument's view with the proposal selected: what the share button shares and og:url names. */
export const proposalLink = (publicUrl: string, monumentId: string, proposalId: number) =>
  `${publicUrl}${monumentViewPath(monumentId, proposalId)}`;

export function sharePage(app: FastifyInstance, { webDist, publicUrl, services }: Options) {
  const image = imageCache();

  /** What the tags and the card say, in the built app's German. */
  async function words({ proposal, monument, photo }: { proposal: Intervention; monument: Monument; photo?: string }) {
    const all = await translationOf(webDist, LANG, services.config.city);
    const t = (key: string, values: Record<string, string | number> = {}) => fill(textAt(all, key) ?? '', values);
    const progress = t('proposal.progress', { votes: proposal.votes, threshold: services.config.city.voteThreshold });
    const status = t(`proposal.status.${proposal.status}`);
    return {
      known: all !== undefined,
      title: t('sharePreview.proposalTitle', { proposal: proposal.name, monument: monument.name }),
      description: t('sharePreview.proposalDescription', { progress, status }),
      card: {
        kicker: t('sharePreview.proposalKicker', { monument: monument.name }),
        headline: proposal.name,
        bar: proposal.votes / services.config.city.voteThreshold,
        figure: progress || `${proposal.votes} / ${services.config.city.voteThreshold}`,
        siteName: t('sharePreview.siteName'),
        footer: t('sharePreview.status', { status }),
        ...(photo ? { photo } : {}),
      } satisfies Card,
    };
  }

  app.get(PATHS.proposalImage, async (req, reply) => {
    const parsed = ProposalIdParam.safeParse((req.params as { proposalId: string }).proposalId);
    if (!parsed.success) return refuse(reply, 'INVALID_INPUT', 'Invalid proposal id.');
    const shared = await sharedProposal(services, { proposalId: parsed.data });
    if (shared?.movedTo) return reply.redirect(pathOf(PATHS.proposalImage, { proposalId: shared.movedTo.id }), 301);
    if (!shared?.found) return refuse(reply, 'NOT_FOUND', 'Unknown proposal.');
    const { card } = await words(shared.found);
    const etag = etagOf(card);
    reply.header('etag', etag).header('cache-control', 'no-cache');
    // Any site may show the preview (a chat app's server fetches it; no cookie is read).
    reply.header('cross-origin-resource-policy', 'cross-origin');
    if (req.headers['if-none-match'] === etag) return reply.code(304).send();
    const photo = card.photo;
    const bytes = photo ? () => publicThumb(services, { hash: photo }) : undefined;
    return reply.type('image/png').send(await image(etag, card, bytes));
  });

  /** The <head> tags of the map or a monument's view for `?proposal=<id>`; none for anything else. */
  return async function head(req: FastifyRequest): Promise<string | { movedTo: string }> {
    const parsed = ProposalIdParam.safeParse((req.query as Record<string, unknown>).proposal);
    if (!parsed.success) return '';
    const shared = await sharedProposal(services, { proposalId: parsed.data });
    if (shared?.movedTo) return { movedTo: proposalLink('', shared.movedTo.monumentId, shared.movedTo.id) };
    if (!shared?.found) return '';
    const { known, title, description } = await words(shared.found);
    if (!known) return '';
    const { proposal, monument } = shared.found;
    const imageUrl = `${publicUrl}${pathOf(PATHS.proposalImage, { proposalId: proposal.id })}`;
    return metaTags(
      [
        ['og:type', 'website'],
        ['og:url', proposalLink(publicUrl, monument.id, proposal.id)],
        ['og:title', title],
        ['og:description', description],
        ...imageTags(imageUrl, `${title}. ${description}`),
      ],
      description,
    );
  };
}
