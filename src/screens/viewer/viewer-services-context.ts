/** The viewer's services: live by default, fakes in tests (a Provider). */
import { createContext } from 'react';
import { liveViewerServices, type ViewerServices } from '../../services/viewer-services.ts';

export const ViewerServicesContext = createContext<ViewerServices>(liveViewerServices);
