/** Share links (docs/share-links.md): the owner's routes and the public ones. */
import type { ApiApp } from '../../http/api-app.ts';
import { registerShareLinkRoutes } from './share-links.routes.ts';
import { registerSharedRoutes } from './shared.routes.ts';
import { registerEmbedPage } from './embed.ts';

export function registerShareLinksRoutes(app: ApiApp): void {
  registerShareLinkRoutes(app);
  registerSharedRoutes(app);
  registerEmbedPage(app);
}
