/** The weather and site machines bound to their services: live by default, fakes in tests (a Provider). */
import { createContext } from 'react';
import { liveResourcesLogic, type ResourcesLogic } from '../../services/weather-services.ts';

export const ResourcesLogicContext = createContext<ResourcesLogic>(liveResourcesLogic);
