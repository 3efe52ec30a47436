/** Project export / import. */
export { registerProjectTransferRoutes } from './project-transfer.routes.ts';
