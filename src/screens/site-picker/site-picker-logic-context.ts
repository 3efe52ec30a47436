/** The site map machine bound to its services: live by default, fakes in tests (a Provider). */
import { createContext } from 'react';
import { liveSiteMapLogic, type SiteMapLogic } from '../../services/site-map-services.ts';

export const SiteMapLogicContext = createContext<SiteMapLogic>(liveSiteMapLogic);
