/** Project export / import (issue 19). */
export { registerProjectTransferRoutes } from './project-transfer.routes.ts';
