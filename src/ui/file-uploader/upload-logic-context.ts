/** The upload machines bound to their services: live by default, fakes in tests (a Provider). */
import { createContext } from 'react';
import { liveUploadLogic, type UploadLogic } from '../../services/upload-services.ts';

export const UploadLogicContext = createContext<UploadLogic>(liveUploadLogic);
