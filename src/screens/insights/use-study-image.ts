/** An object URL for a study image's bytes (fetched with the bearer token), revoked on unmount. */
import { useContext, useEffect, useState } from 'react';
import { InsightsServicesContext } from '../../services/insights-services.ts';

export function useStudyImage(projectId: number, studyId: number, imageId: number | null): string | null {
  const services = useContext(InsightsServicesContext);
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (imageId === null) return;
    let revoked = false;
    let made: string | null = null;
    services
      .imageBytes({ projectId, studyId }, imageId)
      .then((blob) => {
        if (revoked || typeof URL.createObjectURL !== 'function') return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      })
      .catch(() => setUrl(null));
    return () => {
      revoked = true;
      if (made) URL.revokeObjectURL(made);
    };
  }, [services, projectId, studyId, imageId]);
  return url;
}
